package dev.loomlab.cli.doctor;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The processors this JVM sees ({@code availableProcessors}, which already counts a CPU quota the JVM found,
 * rounded up) and the cgroup's CPU quota as the kernel states it: cgroup v2 {@code cpu.max}
 * ({@code "quota period"} in µs, or {@code max}), v1 {@code cpu.cfs_quota_us} / {@code cpu.cfs_period_us}.
 *
 * @param cores   the JVM's available processors
 * @param quota   the tightest quota from this process's cgroup up; empty when there is none (or no cgroup to read)
 * @param allowed the CPUs this process may run on ({@code Cpus_allowed_list} of {@code /proc/self/status}, e.g. {@code 0-3}):
 *                the ones {@code --cpus} may name; empty when unknown
 */
public record CpuFacts(int cores, Optional<Quota> quota, Optional<String> allowed) {

    /**
     * A CPU quota: {@code quotaUs} of CPU time every {@code periodUs}.
     *
     * @param file where it was read
     */
    public record Quota(long quotaUs, long periodUs, String file) {
        /** The quota in CPUs, e.g. 1.5 for 150000 / 100000. */
        public double cpus() {
            return (double) quotaUs / periodUs;
        }
    }

    /** This process's facts, read under {@code root}. */
    public static CpuFacts read(Path root, int cores) {
        Optional<Quota> tightest = Optional.empty();
        for (Cgroups.Found f : Cgroups.v2(root, "cpu.max")) {
            String[] parts = f.text().split("\\s+");
            if (parts.length == 2 && !parts[0].equals("max")) {
                tightest = tighter(tightest, quota(parts[0], parts[1], f.file()));
            }
        }
        if (tightest.isEmpty()) {
            List<Cgroups.Found> quotas = Cgroups.v1(root, "cpu", "cpu.cfs_quota_us");
            List<Cgroups.Found> periods = Cgroups.v1(root, "cpu", "cpu.cfs_period_us");
            for (Cgroups.Found q : quotas) {
                String period = periods.stream().filter(p -> p.file().getParent().equals(q.file().getParent()))
                        .map(Cgroups.Found::text).findFirst().orElse("100000");
                if (!q.text().startsWith("-")) {
                    tightest = tighter(tightest, quota(q.text(), period, q.file()));
                }
            }
        }
        Optional<String> allowed = SmallFiles.lines(SmallFiles.under(root, "/proc/self/status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.substring("Cpus_allowed_list:".length()).strip())
                .filter(l -> !l.isEmpty()).findFirst();
        return new CpuFacts(cores, tightest, allowed);
    }

    private static Optional<Quota> quota(String quota, String period, Path file) {
        var q = SmallFiles.parse(quota);
        var p = SmallFiles.parse(period);
        if (q.isEmpty() || p.isEmpty() || q.getAsLong() <= 0 || p.getAsLong() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Quota(q.getAsLong(), p.getAsLong(), file.toString()));
    }

    private static Optional<Quota> tighter(Optional<Quota> a, Optional<Quota> b) {
        if (a.isEmpty()) {
            return b;
        }
        if (b.isEmpty()) {
            return a;
        }
        return a.get().cpus() <= b.get().cpus() ? a : b;
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("available_processors", cores);
        m.put("cpus_allowed", allowed.orElse(null));
        m.put("cpu_quota_us", quota.map(Quota::quotaUs).orElse(null));
        m.put("cpu_period_us", quota.map(Quota::periodUs).orElse(null));
        m.put("cpu_quota_cpus", quota.map(Quota::cpus).orElse(null));
        m.put("cpu_quota_file", quota.map(Quota::file).orElse(null));
        return m;
    }
}
