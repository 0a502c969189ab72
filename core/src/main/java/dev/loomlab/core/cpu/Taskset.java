package dev.loomlab.core.cpu;

import dev.loomlab.core.BadInputException;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts a process on given CPUs with {@code taskset -c LIST} (Linux's util-linux), which sets the affinity and then
 * executes the command in its own place: the process keeps taskset's pid, and a JVM started so sizes its carriers, GC and
 * compiler threads to those CPUs from its first instruction. Checks a user's CPU list before anything starts.
 */
public final class Taskset {
    private static final String NAME = "taskset";

    private Taskset() {
    }

    /** The taskset executable on this process's {@code PATH}; empty when there is none. */
    public static Optional<Path> find() {
        return find(System.getenv("PATH"));
    }

    /** The taskset executable on {@code path} (a {@code PATH} value); empty when there is none. */
    static Optional<Path> find(String path) {
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, NAME);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code command} started on {@code cpus}: {@code taskset -c LIST command…}; {@code command} itself when {@code cpus}
     * is null. Its caller checked the list with {@link #require}.
     *
     * @throws IllegalStateException when taskset is gone
     */
    public static List<String> wrap(CpuList cpus, List<String> command) {
        if (cpus == null) {
            return command;
        }
        Path taskset = find().orElseThrow(() -> new IllegalStateException("taskset is not on the PATH"));
        List<String> wrapped = new ArrayList<>(List.of(taskset.toString(), "-c", cpus.toString()));
        wrapped.addAll(command);
        return wrapped;
    }

    /**
     * Checks {@code cpus}, given as {@code what} (e.g. {@code --cpus}), before anything is started on them: every CPU
     * must be one this process may use, and taskset must be there.
     *
     * @throws BadInputException naming what is wrong
     */
    public static void require(String what, CpuList cpus) {
        requireAllowed(what, cpus, CpuAffinity.ofThisProcess().orElse(null));
        if (find().isEmpty()) {
            throw new BadInputException(what + " " + cpus + " starts the process with taskset, which is not on the PATH"
                    + " (Debian and Ubuntu: apt-get install util-linux)");
        }
    }

    /**
     * Checks that this process may use every CPU of {@code cpus}.
     *
     * @param allowed the CPUs this process may use; null where that cannot be read (not Linux), where nothing is refused
     *                here
     * @throws BadInputException naming the CPUs it may not use, and those it may
     */
    public static void requireAllowed(String what, CpuList cpus, CpuList allowed) {
        CpuList outside = allowed == null ? null : cpus.without(allowed);
        if (outside != null) {
            throw new BadInputException(what + " " + cpus + ": " + (outside.size() == 1 ? "CPU " + outside + " is not one"
                    : "CPUs " + outside + " are not ones") + " this process may use (it may use " + allowed + ")");
        }
    }
}
