package dev.loomlab.cli.doctor;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Kernel settings that shape loomlab's figures: transparent huge pages
 * ({@code /sys/kernel/mm/transparent_hugepage/enabled}, the bracketed word), the CPU frequency governors
 * ({@code /sys/devices/system/cpu/cpu*}{@code /cpufreq/scaling_governor}, absent in most VMs),
 * {@code kernel.perf_event_paranoid}, and this process's effective capabilities ({@code CapEff} of
 * {@code /proc/self/status}), which decide whether perf events and a higher open-file limit are allowed anyway.
 *
 * @param hugePages  {@code always}, {@code madvise} or {@code never}; empty when not exposed
 * @param governors  governor → how many CPUs use it (an empty map when no CPU exposes one); empty where the system
 *                   lists no CPUs under {@code /sys} (not Linux)
 * @param capEff     the capability bits; empty when unknown
 */
public record KernelFacts(Optional<String> hugePages, Optional<Map<String, Integer>> governors, OptionalLong perfEventParanoid,
                          OptionalLong capEff) {
    private static final int CAP_SYS_ADMIN = 21;
    private static final int CAP_SYS_RESOURCE = 24;
    private static final int CAP_PERFMON = 38;
    /** More CPUs than any machine this reads has; the listing stops there. */
    private static final int MAX_CPUS = 4096;

    public KernelFacts {
        governors = governors.map(g -> java.util.Collections.unmodifiableMap(new TreeMap<>(g)));
    }

    /** This machine's facts, read under {@code root}. */
    public static KernelFacts read(Path root) {
        Optional<String> thp = SmallFiles.firstLine(SmallFiles.under(root, "/sys/kernel/mm/transparent_hugepage/enabled"))
                .flatMap(KernelFacts::bracketed);
        OptionalLong capEff = OptionalLong.empty();
        for (String line : SmallFiles.lines(SmallFiles.under(root, "/proc/self/status"))) {
            if (line.startsWith("CapEff:")) {
                try {
                    capEff = OptionalLong.of(Long.parseUnsignedLong(line.substring("CapEff:".length()).strip(), 16));
                } catch (NumberFormatException e) {
                    capEff = OptionalLong.empty();
                }
            }
        }
        return new KernelFacts(thp, governors(root), SmallFiles.number(SmallFiles.under(root, "/proc/sys/kernel/perf_event_paranoid")),
                capEff);
    }

    private static Optional<String> bracketed(String line) {
        int open = line.indexOf('[');
        int close = line.indexOf(']', open + 1);
        return open >= 0 && close > open ? Optional.of(line.substring(open + 1, close)) : Optional.empty();
    }

    private static Optional<Map<String, Integer>> governors(Path root) {
        Map<String, Integer> counts = new TreeMap<>();
        Path cpus = SmallFiles.under(root, "/sys/devices/system/cpu");
        if (!Files.isDirectory(cpus)) {
            return Optional.empty();
        }
        int seen = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(cpus, "cpu[0-9]*")) {
            for (Path cpu : dirs) {
                if (++seen > MAX_CPUS) {
                    break;
                }
                SmallFiles.firstLine(cpu.resolve("cpufreq/scaling_governor")).ifPresent(g -> counts.merge(g, 1, Integer::sum));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(counts);
    }

    /** Whether this process may open perf events whatever the paranoia level (CAP_PERFMON or CAP_SYS_ADMIN); empty when unknown. */
    public Optional<Boolean> perfCapable() {
        return capEff.isPresent() ? Optional.of(has(CAP_PERFMON) || has(CAP_SYS_ADMIN)) : Optional.empty();
    }

    /** Whether this process may raise its hard limits (CAP_SYS_RESOURCE); empty when unknown. */
    public Optional<Boolean> mayRaiseHardLimits() {
        return capEff.isPresent() ? Optional.of(has(CAP_SYS_RESOURCE)) : Optional.empty();
    }

    private boolean has(int capability) {
        return (capEff.getAsLong() >>> capability & 1) == 1;
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("transparent_hugepage", hugePages.orElse(null));
        m.put("cpu_governors", governors.filter(g -> !g.isEmpty()).orElse(null));
        m.put("perf_event_paranoid", perfEventParanoid.isPresent() ? perfEventParanoid.getAsLong() : null);
        m.put("cap_perfmon_or_sys_admin", perfCapable().orElse(null));
        m.put("cap_sys_resource", mayRaiseHardLimits().orElse(null));
        return m;
    }
}
