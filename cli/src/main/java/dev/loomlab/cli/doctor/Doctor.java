package dev.loomlab.cli.doctor;

import dev.loomlab.cli.plan.PlannedResult;
import dev.loomlab.core.prof.ProfilerSpec;

import java.util.List;

/** Judges the machine against a plan's needs: every check, in the order {@code loomlab doctor} prints them. */
public final class Doctor {
    private static final List<MachineCheck> CHECKS = List.of(new CpuCheck(), new MemoryCheck(), new ThreadsCheck(),
            new OpenFilesCheck(), new PortsCheck(), new BacklogCheck(), new HugePagesCheck(), new GovernorCheck(),
            new PerfEventsCheck(), new JdkCheck(), new BrowserCheck());

    private Doctor() {
    }

    public static Examination examine(MachineFacts facts, Needs needs) {
        return new Examination(facts, needs, CHECKS.stream().map(c -> c.judge(facts, needs)).toList());
    }

    /** This machine against {@code plan}, profiled by {@code profilers}. */
    public static Examination examineHere(List<PlannedResult> plan, List<ProfilerSpec> profilers) {
        return examine(MachineFacts.readHere(), Needs.of(plan, profilers));
    }
}
