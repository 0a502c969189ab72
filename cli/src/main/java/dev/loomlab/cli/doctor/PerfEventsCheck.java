package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code kernel.perf_event_paranoid} for {@code --prof async:cpu}: async-profiler samples CPU with perf events
 * where the kernel lets this process open them (paranoia 1 or less, or CAP_PERFMON / CAP_SYS_ADMIN) and otherwise
 * falls back to its timer ({@code ctimer}): CPU time without kernel frames. The profile records which it used.
 */
final class PerfEventsCheck implements MachineCheck {
    static final String NAME = "perf-events";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        KernelFacts kernel = facts.kernel();
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("perf_event_paranoid", kernel.perfEventParanoid().isPresent() ? kernel.perfEventParanoid().getAsLong() : null);
        raw.put("cap_perfmon_or_sys_admin", kernel.perfCapable().orElse(null));
        raw.put("async_cpu_asked", needs.asyncCpu());
        if (kernel.perfEventParanoid().isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, "perf_event_paranoid " + Words.UNAVAILABLE, "--prof async:cpu uses perf events"
                    + " where the system has them, else a timer; the profile says which", "", raw);
        }
        long paranoid = kernel.perfEventParanoid().getAsLong();
        boolean capable = kernel.perfCapable().orElse(false);
        String finding = "kernel.perf_event_paranoid " + paranoid + (capable ? "; this process holds CAP_PERFMON or CAP_SYS_ADMIN" : "");
        if (paranoid <= 1 || capable) {
            return Check.of(NAME, CheckStatus.OK, finding, "--prof async:cpu samples with perf events, kernel frames included"
                    + (paranoid > 1 ? " (as this privileged user; a container's seccomp may still refuse them: the profile then says ctimer)" : ""),
                    "", raw);
        }
        return Check.of(NAME, needs.asyncCpu() ? CheckStatus.WARN : CheckStatus.INFO, finding,
                "--prof async:cpu falls back to timer-based sampling (ctimer): CPU time without kernel frames",
                "sudo sysctl kernel.perf_event_paranoid=1 (to keep it: a file in /etc/sysctl.d/)", raw);
    }
}
