package dev.loomlab.cli.doctor;

import dev.loomlab.core.memory.PlatformThreadCeiling;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The platform threads a plan starts at once against the ceiling the memory scenarios hold to
 * ({@link PlatformThreadCeiling}: the tightest of the kernel's, the user's, the cgroup's and memory's limits, less
 * a quarter). Above it, what becomes of the result is what its scenario declares (memory, thread-start and handoff
 * record it not applicable, as designed; echo's thread-per-task server stops where the machine refuses a thread),
 * else its trial fails.
 */
final class ThreadsCheck implements MachineCheck {
    static final String NAME = "threads";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        PlatformThreadCeiling ceiling = facts.threads();
        Needs.Need need = needs.platformThreads();
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("platform_thread_ceiling", ceiling.threads());
        raw.put("limited_by", ceiling.limitedBy());
        raw.put("needed", need.amount());
        raw.put("needed_by", need.result().isEmpty() ? null : need.result());
        String finding = "platform-thread ceiling " + Words.count(ceiling.threads()) + " (" + ceiling.limitedBy() + ")";
        if (need.amount() > ceiling.threads()) {
            String outcome = need.whenShort(ceiling.threads())
                    .orElse("the trial fails when the machine refuses a thread (unable to create native thread)");
            return Check.of(NAME, CheckStatus.WARN, finding, need.result() + ": " + need.why() + ", above the ceiling: " + outcome,
                    "raise the limit that decides it (ulimit -u; sysctl kernel.threads-max, kernel.pid_max, vm.max_map_count;"
                            + " the cgroup's pids.max; memory), or ask for fewer threads", raw);
        }
        return Check.of(NAME, CheckStatus.OK, finding, need.amount() == 0 ? "no result of this plan starts platform threads by"
                + " the hundred" : need.result() + ": " + need.why() + ", within it", "", raw);
    }
}
