package dev.loomlab.core.prof;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The file work profilers share: a profile is built in a temporary directory and only a complete one is
 * moved to its place beside the trial's files, so a profiler that fails (or a JVM that dies) leaves no
 * half-written profile there.
 */
final class ProfileFiles {

    private ProfileFiles() {
    }

    /**
     * Writes {@code parts} one after the other into {@code target}, replacing it. JFR files are sequences
     * of self-contained chunks, so recordings concatenated this way read as one recording.
     */
    static void concatenate(List<Path> parts, Path target) throws IOException {
        Path temp = tempBeside(target);
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                for (Path part : parts) {
                    Files.copy(part, out);
                }
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Moves {@code file} to {@code target}, replacing it; from another file system through a copy beside
     * the target, so the target is never seen half-written.
     */
    static void moveInto(Path file, Path target) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        try {
            Files.move(file, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Path temp = tempBeside(target);
            try {
                Files.copy(file, temp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                Files.delete(file);
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }

    private static Path tempBeside(Path target) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        return Files.createTempFile(parent, "." + target.getFileName(), ".tmp");
    }

    /** Deletes a directory and what it holds, quietly: a temporary file left behind is harmless. */
    static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(ProfileFiles::deleteQuietly);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }

    /** Deletes a file, quietly. */
    static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }
}
