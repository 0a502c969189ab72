package dev.loomlab.cli.doctor;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The memory this process may use: the cgroup's limit (v2 {@code memory.max}, v1
 * {@code memory.limit_in_bytes}; the tightest from its cgroup up) and the machine's {@code MemTotal} and
 * {@code MemAvailable} ({@code /proc/meminfo}), in bytes.
 *
 * @param cgroupLimit empty when the cgroup sets none (v2 {@code max}, v1 a number beyond the machine's memory)
 */
public record MemoryFacts(OptionalLong cgroupLimit, OptionalLong memTotal, OptionalLong memAvailable) {

    /** This process's facts, read under {@code root}. */
    public static MemoryFacts read(Path root) {
        OptionalLong total = meminfo(root, "MemTotal:");
        long limit = Long.MAX_VALUE;
        for (Cgroups.Found f : Cgroups.v2(root, "memory.max")) {
            limit = Math.min(limit, SmallFiles.parse(f.text()).orElse(Long.MAX_VALUE));
        }
        if (limit == Long.MAX_VALUE) {
            for (Cgroups.Found f : Cgroups.v1(root, "memory", "memory.limit_in_bytes")) {
                limit = Math.min(limit, SmallFiles.parse(f.text()).orElse(Long.MAX_VALUE));
            }
        }
        // v1 states "no limit" as a huge number (9223372036854771712): anything beyond the machine is none.
        boolean none = limit == Long.MAX_VALUE || (total.isPresent() && limit >= total.getAsLong());
        return new MemoryFacts(none ? OptionalLong.empty() : OptionalLong.of(limit), total, meminfo(root, "MemAvailable:"));
    }

    /** As {@link #read} under {@code /}, with the machine's memory from the JVM where {@code /proc} has none (not Linux). */
    static MemoryFacts readHere() {
        MemoryFacts facts = read(Path.of("/"));
        if (facts.memTotal().isPresent()) {
            return facts;
        }
        OptionalLong total = OptionalLong.empty();
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            total = OptionalLong.of(os.getTotalMemorySize());
        }
        return new MemoryFacts(facts.cgroupLimit(), total, facts.memAvailable());
    }

    /** The most this process (and the JVMs it starts) may use: the cgroup's limit, else MemTotal; empty when neither is known. */
    public OptionalLong limit() {
        return cgroupLimit.isPresent() ? cgroupLimit : memTotal;
    }

    private static OptionalLong meminfo(Path root, String key) {
        for (String line : SmallFiles.lines(SmallFiles.under(root, "/proc/meminfo"))) {
            if (line.startsWith(key)) {
                OptionalLong kb = SmallFiles.parse(line.substring(key.length()).replace("kB", ""));
                return kb.isPresent() ? OptionalLong.of(kb.getAsLong() * 1024) : OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cgroup_memory_limit_bytes", cgroupLimit.isPresent() ? cgroupLimit.getAsLong() : null);
        m.put("mem_total_bytes", memTotal.isPresent() ? memTotal.getAsLong() : null);
        m.put("mem_available_bytes", memAvailable.isPresent() ? memAvailable.getAsLong() : null);
        return m;
    }
}
