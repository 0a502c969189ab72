package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;
import dev.loomlab.core.scenario.Trait;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which a plan's trial JVMs run. A result's forks are its repeats. When more than one result is planned and
 * they have repeats, the forks run in turns: fork 1 of each result in plan order, then fork 2 of each, and so on. The
 * machine's drift over the run (this kind of machine's speed moves by a third within an hour) then falls on every result
 * compared alike, instead of on whichever ran last. A result is complete, and recorded, after its last fork.
 */
final class TrialTurns {
    private TrialTurns() {
    }

    /**
     * One trial JVM of the plan.
     *
     * @param result the index of its result in the list run
     * @param fork   its fork number: 1…forks, or 0 for a result run in-process
     * @param last   true when it is its result's last trial
     */
    record Turn(int result, int fork, boolean last) {
    }

    /** The trial JVMs {@code toRun} needs, in the order they run (one result's alone: its forks in order). */
    static List<Turn> of(List<PlannedResult> toRun) {
        List<Turn> turns = new ArrayList<>();
        int rounds = toRun.stream().mapToInt(TrialTurns::trials).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            for (int i = 0; i < toRun.size(); i++) {
                PlannedResult p = toRun.get(i);
                int trials = trials(p);
                if (round <= trials) {
                    turns.add(new Turn(i, p.forks() == 0 ? 0 : round, round == trials));
                }
            }
        }
        return turns;
    }

    /** The trial JVMs a result needs: its forks; one for a scenario that forks by itself (JMH) or runs in-process. */
    static int trials(PlannedResult p) {
        return p.forks() == 0 || p.scenario().has(Trait.FORKS_ITSELF) ? 1 : p.forks();
    }
}
