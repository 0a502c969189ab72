package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Thread-kind scenarios take models platform and virtual; executor scenarios keep theirs; each says not applicable to the other's. */
class ThreadKindPlanTest {
    private final Planner planner = new Planner(ScenarioCatalog.load(), ModelCatalog.load());

    private List<PlannedResult> plan(List<String> targets, String... models) {
        RunOptions o = new RunOptions();
        o.models = List.of(models);
        return planner.plan(targets, o);
    }

    @Test
    void jmhAndMemoryScenariosCompareThreadKindsByDefault() {
        assertThat(planner.plan(List.of("thread-start", "memory"), new RunOptions()))
                .extracting(p -> p.scenario().name() + " " + p.model())
                .containsExactly("thread-start platform", "thread-start virtual", "memory platform", "memory virtual");
    }

    @Test
    void aPlainHandoffRunSweepsPairsAndMechanisms() {
        assertThat(planner.plan(List.of("handoff"), new RunOptions())).hasSize(3 * 2 * 2);
    }

    @Test
    void platformAndVirtualBesideExecutorScenariosArePlannedAndSortedOutPerTrial() {
        // "platform" is no executor model (it needs a size), and "platform:200" is no thread kind: both are
        // planned, and their trials say "not applicable" where they do not fit, instead of refusing the run.
        assertThat(plan(List.of("sleep", "thread-start"), "platform", "virtual", "platform:200"))
                .extracting(p -> p.scenario().name() + " " + p.model())
                .containsExactly("sleep platform", "sleep virtual", "sleep platform:200",
                        "thread-start platform", "thread-start virtual", "thread-start platform:200");
    }

    @Test
    void theJmhScenariosStateTheirSettingsPerSuite() {
        PlannedResult quick = planner.plan(List.of("quick"), new RunOptions()).stream()
                .filter(p -> p.scenario().name().equals("thread-start")).findFirst().orElseThrow();
        assertThat(quick.warmup()).isEqualTo(1);
        assertThat(quick.iterations()).isEqualTo(5);
        assertThat(quick.forks()).as("the quick suite's @rounds").isEqualTo(1);
        assertThat(quick.params().canonical()).containsEntry("iteration-time", "50ms");
        List<PlannedResult> seeds = planner.plan(List.of("seeds"), new RunOptions()).stream()
                .filter(p -> p.scenario().name().equals("handoff")).toList();
        assertThat(seeds).hasSize(2 * 3 * 2).allSatisfy(p -> {
            assertThat(p.warmup()).isEqualTo(5);
            assertThat(p.iterations()).isEqualTo(5);
            assertThat(p.params().canonical()).containsEntry("iteration-time", "2s");
        });
    }
}
