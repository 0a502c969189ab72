package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * One writer per results folder: a {@value #NAME} file in it naming the owning process (its pid and start
 * time, so that a reused pid is not taken for the owner). A second run into a folder whose owner is
 * alive is refused; a lock left by a process that is gone is taken over with a warning.
 */
final class FolderLock implements AutoCloseable {
    static final String NAME = ".loomlab.lock";

    private final Path file;

    private FolderLock(Path file) {
        this.file = file;
    }

    /**
     * Takes the lock of {@code dir} for this process.
     *
     * @throws BadInputException when a live process holds it
     */
    static FolderLock take(Path dir, PrintStream warnings) {
        Path file = dir.resolve(NAME);
        String me = describe(ProcessHandle.current());
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                Files.writeString(Files.createFile(file), me, StandardCharsets.UTF_8);
                return new FolderLock(file);
            } catch (FileAlreadyExistsException e) {
                String owner = read(file);
                if (alive(owner)) {
                    throw new BadInputException("--out " + dir + " is being written by another loomlab run (pid "
                            + pid(owner) + "); wait for it to finish or give another folder");
                }
                warnings.println("loomlab: taking over " + file + " left by pid " + pid(owner) + ", which is gone");
                try {
                    Files.deleteIfExists(file);
                } catch (IOException gone) {
                    // another run took it over first; the next attempt sees its lock
                }
            } catch (IOException e) {
                throw new BadInputException("cannot write to --out " + dir + " (" + e.getMessage() + ")");
            }
        }
        throw new BadInputException("--out " + dir + " is being taken by another loomlab run; give another folder");
    }

    /** Gives the folder up (the lock file is deleted); safe to call twice. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a lock left behind is taken over by the next run, with a warning
        }
    }

    /** {@code <pid> <start instant>}, or only the pid where the system does not say when a process started. */
    static String describe(ProcessHandle process) {
        return process.pid() + process.info().startInstant().map(i -> " " + i).orElse("");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "";
        }
    }

    private static String pid(String owner) {
        return owner.isEmpty() ? "?" : owner.split(" ")[0];
    }

    /** True when the process the lock names is alive and is the same process (same start time). */
    static boolean alive(String owner) {
        String[] parts = owner.split(" ");
        long pid;
        try {
            pid = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return false;
        }
        if (parts.length < 2) {
            return true;
        }
        Optional<Instant> started = process.get().info().startInstant();
        return started.isEmpty() || started.get().toString().equals(parts[1]);
    }
}
