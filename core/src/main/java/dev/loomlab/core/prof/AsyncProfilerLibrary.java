package dev.loomlab.core.prof;

import dev.loomlab.core.BadInputException;
import one.profiler.AsyncProfiler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * async-profiler's native library for one OS and architecture, as its jar on the class path ships it
 * ({@code linux-x64/}, {@code linux-arm64/}, {@code macos/libasyncProfiler.so}), and its copy on disk:
 * {@link #extractTo} writes it under a name made from its content's hash, through a temporary file
 * moved into place, so JVMs extracting into the same directory at once each load a complete file, and a
 * later JVM re-uses it.
 */
public final class AsyncProfilerLibrary {
    private static final String FILE = "libasyncProfiler.so";

    private final String os;
    private final String arch;
    private final String platform;

    private AsyncProfilerLibrary(String os, String arch) {
        this.os = os;
        this.arch = arch;
        String dir = platformDir(os, arch);
        this.platform = dir != null && AsyncProfiler.class.getResource("/" + dir + "/" + FILE) != null ? dir : null;
    }

    /** The library for this JVM's {@code os.name} and {@code os.arch}. */
    public static AsyncProfilerLibrary current() {
        return of(System.getProperty("os.name"), System.getProperty("os.arch"));
    }

    /** The library for an OS and architecture as Java names them ({@code os.name}, {@code os.arch}). */
    public static AsyncProfilerLibrary of(String os, String arch) {
        return new AsyncProfilerLibrary(os, arch);
    }

    /** The jar's directory for an OS and architecture, whether or not the jar has it; null when none is named so. */
    static String platformDir(String os, String arch) {
        String o = os.toLowerCase(Locale.ROOT);
        String a = arch.toLowerCase(Locale.ROOT);
        if (o.contains("linux")) {
            if (a.equals("amd64") || a.equals("x86_64")) {
                return "linux-x64";
            }
            if (a.equals("aarch64") || a.equals("arm64")) {
                return "linux-arm64";
            }
            return null;
        }
        return o.contains("mac") ? "macos" : null;
    }

    /** The jar's directory this library is in ({@code linux-x64} …); null when the jar has none for this platform. */
    public String platform() {
        return platform;
    }

    public boolean supported() {
        return platform != null;
    }

    /**
     * This library, when the jar has one for its platform.
     *
     * @throws BadInputException {@code async-profiler has no library for <os>/<arch>} otherwise
     */
    public AsyncProfilerLibrary requireSupported() {
        if (platform == null) {
            throw new BadInputException("async-profiler has no library for " + os + "/" + arch);
        }
        return this;
    }

    /**
     * The library in {@code dir}, extracted there if no copy of the same content is there yet.
     *
     * @throws IllegalStateException when the jar has no library for this platform
     * @throws IOException           when it cannot be written
     */
    public Path extractTo(Path dir) throws IOException {
        if (platform == null) {
            throw new IllegalStateException("async-profiler has no library for " + os + "/" + arch);
        }
        byte[] content = content();
        Path target = dir.resolve("libasyncProfiler-" + platform + "-" + sha256(content).substring(0, 16) + ".so");
        if (Files.isRegularFile(target) && Files.size(target) == content.length) {
            return target;
        }
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, ".libasyncProfiler-", ".tmp");
        try {
            Files.write(temp, content);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }

    /** The library's bytes, as the jar holds them. */
    byte[] content() throws IOException {
        try (InputStream in = AsyncProfiler.class.getResourceAsStream("/" + platform + "/" + FILE)) {
            if (in == null) {
                throw new IOException("the async-profiler jar has no " + platform + "/" + FILE);
            }
            return in.readAllBytes();
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
