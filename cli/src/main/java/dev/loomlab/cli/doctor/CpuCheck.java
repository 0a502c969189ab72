package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cores and the cgroup's CPU quota → the virtual-thread scheduler's carriers. The scheduler starts one carrier
 * per available processor (the JVM rounds a quota up: 1.5 CPUs give 2); carriers beyond the quota are throttled.
 */
final class CpuCheck implements MachineCheck {
    static final String NAME = "cpu";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        CpuFacts cpu = facts.cpu();
        int carriers = needs.carriers().orElse(cpu.cores());
        Map<String, Object> raw = new LinkedHashMap<>(cpu.json());
        raw.put("carriers", carriers);
        String quota = cpu.quota().map(q -> "cgroup CPU quota " + q.quotaUs() + "/" + q.periodUs() + " µs = "
                + Words.decimal(q.cpus()) + " CPUs").orElse("no cgroup CPU quota");
        String finding = cpu.cores() + " cores (availableProcessors" + cpu.allowed().map(a -> ", CPUs " + a).orElse("") + "), " + quota + " → " + carriers + " virtual-thread carriers"
                + (needs.carriers().isPresent() ? " (" + Needs.PARALLELISM + carriers + ")" : "");
        if (cpu.quota().isPresent() && cpu.quota().get().cpus() < carriers) {
            CpuFacts.Quota q = cpu.quota().get();
            int fit = Math.max(1, (int) Math.floor(q.cpus()));
            return Check.of(NAME, CheckStatus.WARN, finding,
                    carriers + " carriers (and platform:cores pools of " + cpu.cores() + ") share " + Words.decimal(q.cpus())
                            + " CPUs of quota: CPU-bound results are throttled by the cgroup (stalled until the next "
                            + q.periodUs() / 1000 + " ms period), and their bounds, computed for " + cpu.cores()
                            + " cores, overstate the CPU there is",
                    "--jvm-arg=" + Needs.PARALLELISM + fit + " (carriers within the quota), or a quota of whole CPUs, at least "
                            + carriers + " (docker run --cpus=" + carriers + ")", raw);
        }
        return Check.of(NAME, CheckStatus.OK, finding, "CPU-bound results (cpu-sqrt, cpu-pi, mixed) and their bounds use "
                + cpu.cores() + " cores; platform:cores is platform:" + cpu.cores(), "", raw);
    }
}
