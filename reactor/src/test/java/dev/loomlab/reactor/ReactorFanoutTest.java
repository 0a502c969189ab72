package dev.loomlab.reactor;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.fanout.InjectedFailures;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReactorFanoutTest {
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    private TrialOutcome run(String scenario, Map<String, String> params) throws InterruptedException {
        return executor.execute(new TrialSpec(scenario, "reactor", params, 0, 1, 0), ProgressListener.NONE);
    }

    @Test
    void reactorBuildsEveryProfileNoFasterThanTwoCalls() throws InterruptedException {
        TrialOutcome o = run("fanout", Map.of("profiles", "1000", "latency", "50ms"));
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        assertThat(o.iterations().get(0).metrics().get("wall_ms")).isGreaterThanOrEqualTo(100.0);
        assertThat(o.iterations().get(0).metrics().get("profiles_built")).isEqualTo(1000.0);
    }

    @Test
    void injectedFailuresAreCountedExactly() throws InterruptedException {
        int expected = InjectedFailures.failingProfiles(300, 0.1);
        TrialOutcome o = run("fanout", Map.of("profiles", "300", "latency", "1ms", "failure-rate", "0.1"));
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        assertThat(o.iterations().get(0).metrics().get("profiles_failed")).isEqualTo((double) expected);
    }

    @Test
    void blockingWorkloadsAreNotApplicable() throws InterruptedException {
        TrialOutcome o = run("sleep", Map.of("tasks", "10", "sleep", "1ms"));
        assertThat(o.status()).isEqualTo(Status.NOT_APPLICABLE);
    }
}
