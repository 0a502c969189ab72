package dev.loomlab.core.memory;

import dev.loomlab.core.workload.NotApplicableException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * How many platform threads this machine can safely hold at once: the smallest of the kernel's and the
 * container's limits, kept {@value #SPARE_PCT}% short of it so the rest of the system (and the JVM's own
 * threads) still get some. Scenarios refuse ("not applicable") to go above it rather than crash the
 * machine or the trial.
 *
 * @param threads the ceiling, in threads
 * @param limitedBy which limit decides it, with every limit found, e.g. {@code cgroup pids.max 32768 …}
 */
public record PlatformThreadCeiling(long threads, String limitedBy) {
    /** What becomes of a result that asks for more platform threads than the ceiling ({@link #requireRoomFor}). */
    public static final String BEYOND = "the result is recorded not applicable, with the ceiling, as designed";
    /** Share of the tightest limit left unused. */
    static final int SPARE_PCT = 25;
    /** Memory a platform thread may come to need: its default stack, 1 MiB. */
    private static final long BYTES_PER_THREAD = 1L << 20;
    /** Without any limit to read (not Linux): a count every 64-bit system of today can start. */
    private static final long UNKNOWN = 4_000;

    /**
     * This machine's ceiling, after checking that {@code threads} platform threads alive at once stay
     * below it.
     *
     * @throws NotApplicableException when they would not
     */
    public static PlatformThreadCeiling requireRoomFor(long threads) {
        PlatformThreadCeiling ceiling = detect();
        if (threads > ceiling.threads()) {
            throw new NotApplicableException(String.format(java.util.Locale.ROOT,
                    "%,d platform threads at once is above this machine's safe ceiling of %,d (%s)", threads,
                    ceiling.threads(), ceiling.limitedBy()));
        }
        return ceiling;
    }

    /** The ceiling of this machine, read now. */
    public static PlatformThreadCeiling detect() {
        List<Limit> limits = new ArrayList<>();
        readLong("/proc/sys/kernel/threads-max").ifPresent(v -> limits.add(new Limit("kernel threads-max", v)));
        readLong("/proc/sys/kernel/pid_max").ifPresent(v -> limits.add(new Limit("kernel pid_max", v)));
        // Each thread stack is a mapping plus its guard page.
        readLong("/proc/sys/vm/max_map_count").ifPresent(v -> limits.add(new Limit("vm.max_map_count / 2", v / 2)));
        maxProcesses().ifPresent(v -> limits.add(new Limit("RLIMIT_NPROC", v)));
        cgroupPids().ifPresent(v -> limits.add(new Limit("cgroup pids.max - pids.current", v)));
        memAvailableBytes().ifPresent(v -> limits.add(new Limit("MemAvailable / 1 MiB", v / BYTES_PER_THREAD)));
        return of(limits);
    }

    static PlatformThreadCeiling of(List<Limit> limits) {
        if (limits.isEmpty()) {
            return new PlatformThreadCeiling(UNKNOWN, "no limits readable here (no /proc): a conservative default");
        }
        Limit tightest = limits.stream().min(java.util.Comparator.comparingLong(Limit::value)).orElseThrow();
        long ceiling = Math.max(1, tightest.value() * (100 - SPARE_PCT) / 100);
        StringBuilder all = new StringBuilder();
        limits.forEach(l -> all.append(all.isEmpty() ? "" : ", ").append(l.name()).append(' ').append(l.value()));
        return new PlatformThreadCeiling(ceiling, tightest.name() + " less " + SPARE_PCT + "% (" + all + ")");
    }

    /** One limit on the number of threads. */
    record Limit(String name, long value) {
    }

    private static OptionalLong readLong(String file) {
        try {
            // Not Files.readString: it reads /proc files (size 0) short here.
            List<String> lines = Files.readAllLines(Path.of(file), StandardCharsets.US_ASCII);
            if (lines.isEmpty()) {
                return OptionalLong.empty();
            }
            String text = lines.get(0).trim();
            return text.equals("max") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
        } catch (IOException | NumberFormatException | SecurityException e) {
            return OptionalLong.empty();
        }
    }

    /** The soft "Max processes" of /proc/self/limits (it counts threads); empty when unlimited. */
    private static OptionalLong maxProcesses() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Max processes")) {
                    String soft = line.substring("Max processes".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(soft));
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /** What the container's pids controller still allows (cgroup v2, then v1); empty without a limit. */
    private static OptionalLong cgroupPids() {
        for (String dir : List.of("/sys/fs/cgroup", "/sys/fs/cgroup/pids")) {
            OptionalLong max = readLong(dir + "/pids.max");
            if (max.isPresent()) {
                long current = readLong(dir + "/pids.current").orElse(0);
                return OptionalLong.of(Math.max(0, max.getAsLong() - current));
            }
        }
        return OptionalLong.empty();
    }

    private static OptionalLong memAvailableBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("MemAvailable:")) {
                    return OptionalLong.of(Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024);
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }
}
