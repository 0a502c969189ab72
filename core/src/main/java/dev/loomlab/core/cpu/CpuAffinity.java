package dev.loomlab.core.cpu;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The CPUs a process may run on, as Linux states them in {@code /proc/<pid>/status} ({@code Cpus_allowed_list}): what
 * {@code taskset} set and what the JVM counts as its available processors. Empty where there is no {@code /proc} to read
 * (not Linux, a process gone).
 */
public final class CpuAffinity {
    private static final String FIELD = "Cpus_allowed_list:";

    private CpuAffinity() {
    }

    /** The CPUs process {@code pid} may run on. */
    public static Optional<CpuList> of(long pid) {
        return read(Path.of("/proc", Long.toString(pid), "status"));
    }

    /** The CPUs this process may run on. */
    public static Optional<CpuList> ofThisProcess() {
        return read(Path.of("/proc/self/status"));
    }

    /** The {@value #FIELD} of a status file; empty when it cannot be read or has none. */
    static Optional<CpuList> read(Path status) {
        // Not Files.readString: /proc files say they are 0 bytes long.
        try (BufferedReader in = Files.newBufferedReader(status, StandardCharsets.US_ASCII)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith(FIELD)) {
                    return Optional.of(CpuList.parse(null, line.substring(FIELD.length())));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc, the process is gone, or a form this does not read
        }
        return Optional.empty();
    }
}
