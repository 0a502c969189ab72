package dev.loomlab.cli;

import dev.loomlab.cli.doctor.Doctor;
import dev.loomlab.cli.doctor.Examination;
import dev.loomlab.cli.doctor.MachineFacts;
import dev.loomlab.cli.doctor.Needs;
import dev.loomlab.core.process.BoundedCommand;
import dev.loomlab.core.trial.Jdk;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The facts {@code summary.json} records about where a run happened: CPU model, cores, memory, OS,
 * container limits, every JDK used, loomlab's version and git commit, start and end, and the machine's
 * facts with the doctor's check statuses ({@code machine}, docs/machines.md).
 */
final class Environment {
    /** How long a git command may take before the commit is left unknown. */
    private static final Duration GIT_LIMIT = Duration.ofSeconds(10);

    private Environment() {
    }

    /** As {@link #describe(List, List, Instant, Instant, Map)}, the machine judged against no plan of its own (a load run). */
    static Map<String, Object> describe(List<Jdk> jdks, List<String> command, Instant started, Instant ended) {
        return describe(jdks, command, started, ended, Doctor.examine(MachineFacts.readHere(), Needs.none()).summary());
    }

    /** @param machine the doctor's facts and check statuses ({@link Examination#summary()}) */
    static Map<String, Object> describe(List<Jdk> jdks, List<String> command, Instant started, Instant ended,
                                        Map<String, Object> machine) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("loomlab_version", version());
        env.put("git_commit", gitCommit());
        env.put("command", String.join(" ", command));
        env.put("started", started.toString());
        env.put("ended", ended == null ? null : ended.toString());
        env.put("cpu_model", cpuModel());
        env.put("cores", Runtime.getRuntime().availableProcessors());
        env.put("memory_mb", memoryMb());
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("container", container());
        env.put("jdks", jdks.stream().map(j -> Map.of("version", j.version(), "vendor", j.vendor(), "home", j.home().toString())).toList());
        env.put("machine", machine);
        return env;
    }

    static String version() {
        try (InputStream in = Environment.class.getResourceAsStream("/loomlab-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String gitCommit() {
        String home = System.getProperty("loomlab.home");
        if (home == null) {
            return null;
        }
        try {
            Optional<BoundedCommand.Output> head = BoundedCommand.run(List.of("git", "-C", home, "rev-parse", "HEAD"), GIT_LIMIT);
            if (head.isEmpty() || head.get().exit() != 0) {
                return null;
            }
            String commit = head.get().text().trim();
            Optional<BoundedCommand.Output> dirty = BoundedCommand.run(
                    List.of("git", "-C", home, "status", "--porcelain", "--untracked-files=no"), GIT_LIMIT);
            // A status that did not finish in time is not "clean": say that it is unknown.
            if (dirty.isEmpty() || dirty.get().exit() != 0) {
                return commit + "-status-unknown";
            }
            return dirty.get().text().isBlank() ? commit : commit + "-dirty";
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
        return System.getProperty("os.arch");
    }

    private static Long memoryMb() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize() / (1024 * 1024);
        }
        return null;
    }

    /**
     * cgroup v2 (or v1) CPU and memory limits as the kernel states them ({@code cpu.max} is
     * "quota period" in µs), or "none" where the kernel says there is no limit.
     */
    private static Map<String, String> container() {
        Map<String, String> c = new LinkedHashMap<>();
        String cpu = read("/sys/fs/cgroup/cpu.max", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
        c.put("cpu_max", cpu.startsWith("max") || cpu.equals("-1") ? "none" : cpu);
        String memory = read("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes");
        boolean unlimited = memory.equals("max") || memory.matches("\\d{19,}");
        c.put("memory_max", unlimited ? "none" : memory);
        return c;
    }

    private static String read(String... paths) {
        for (String p : paths) {
            try {
                return Files.readString(Path.of(p)).trim();
            } catch (IOException | RuntimeException e) {
                // try the next layout
            }
        }
        return "unknown";
    }
}
