package dev.loomlab.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A durable write: 4 KB written to a file of its own and forced to the disk ({@link FileChannel#force}), as a
 * write-ahead log does. On a virtual thread the JDK cannot unmount during the force: the carrier is captured, and the
 * scheduler starts another carrier to compensate, which {@code vt_pool_size} shows above {@code vt_parallelism}.
 * Parameter {@code files} (default 16): how many files the calls spread over. Returns the bytes written.
 *
 * <pre>loomlab run task --classpath examples/target/classes --task dev.loomlab.examples.FsyncTask -m virtual,platform:16 \
 *     -p tasks=500</pre>
 */
public final class FsyncTask implements Callable<Integer>, AutoCloseable {
    private static final int BYTES = 4096;
    private final Path dir;
    private final FileChannel[] files;
    private final AtomicInteger next = new AtomicInteger();

    public FsyncTask(Map<String, String> params) throws IOException {
        int count = Integer.parseInt(params.getOrDefault("files", "16"));
        if (count < 1) {
            throw new IllegalArgumentException("files must be at least 1, not " + count);
        }
        dir = Files.createTempDirectory("loomlab-fsync-");
        files = new FileChannel[count];
        for (int i = 0; i < count; i++) {
            files[i] = FileChannel.open(dir.resolve("log-" + i), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND);
        }
    }

    @Override
    public Integer call() throws IOException {
        FileChannel file = files[Math.floorMod(next.getAndIncrement(), files.length)];
        int written = file.write(ByteBuffer.allocate(BYTES));
        file.force(false);
        return written;
    }

    @Override
    public void close() {
        try {
            for (FileChannel f : files) {
                f.close();
            }
            try (var paths = Files.list(dir)) {
                for (Path p : paths.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
