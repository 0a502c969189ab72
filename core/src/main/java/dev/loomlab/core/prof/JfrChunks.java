package dev.loomlab.core.prof;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The chunks of a {@code .jfr} file, each as a file of its own. A profiled trial writes a chunk per measured
 * iteration; the JDK's parser, given several chunks in one file, carries constants from one chunk to the next
 * by id — right for the JDK's own recordings, whose ids are unique in the JVM, but not for async-profiler's,
 * whose later chunks it would name after an earlier chunk's stacks. Read chunk by chunk, both are right.
 */
public final class JfrChunks implements AutoCloseable {
    private static final byte[] MAGIC = {'F', 'L', 'R', 0};

    private final Path dir;
    private final List<Path> chunks;

    private JfrChunks(Path dir, List<Path> chunks) {
        this.dir = dir;
        this.chunks = chunks;
    }

    /** The chunks of {@code jfr}, in a scratch folder {@link #close} removes. */
    static JfrChunks of(Path jfr) throws IOException {
        byte[] bytes = Files.readAllBytes(jfr);
        Path dir = Files.createTempDirectory("loomlab-jfr-chunks-");
        List<Path> chunks = new ArrayList<>();
        int offset = 0;
        try {
            while (offset < bytes.length) {
                if (bytes.length - offset < 16 || !Arrays.equals(bytes, offset, offset + 4, MAGIC, 0, 4)) {
                    throw new IOException("no JFR chunk at byte " + offset + " of " + jfr);
                }
                long size = ByteBuffer.wrap(bytes, offset + 8, 8).getLong();
                if (size <= 0 || offset + size > bytes.length) {
                    throw new IOException("a chunk of " + size + " bytes at byte " + offset + " of " + jfr);
                }
                Path chunk = dir.resolve("chunk-" + chunks.size() + ".jfr");
                Files.write(chunk, Arrays.copyOfRange(bytes, offset, offset + (int) size));
                chunks.add(chunk);
                offset += (int) size;
            }
        } catch (IOException e) {
            new JfrChunks(dir, chunks).close();
            throw e;
        }
        return new JfrChunks(dir, chunks);
    }

    /** Every event of {@code jfr}, read chunk by chunk, in the order of the recording, to {@code sink}. */
    public static void forEachEvent(Path jfr, Consumer<RecordedEvent> sink) throws IOException {
        try (JfrChunks chunks = of(jfr)) {
            for (Path chunk : chunks.files()) {
                try (RecordingFile file = new RecordingFile(chunk)) {
                    while (file.hasMoreEvents()) {
                        sink.accept(file.readEvent());
                    }
                }
            }
        }
    }

    /** The chunks' files, in the order of the recording. */
    List<Path> files() {
        return chunks;
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
