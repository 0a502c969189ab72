package dev.loomlab.core.fanout;

import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.trial.TrialExecutor;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every model that runs the {@code fanout} scenario in its own form must do: build every profile no
 * faster than its two sequential calls, and count the injected failures exactly. A model's test extends it,
 * naming the model, and adds its own cases.
 */
public abstract class FanoutModelContract {
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    /** The model under test, by name. */
    protected abstract String model();

    /** One trial of {@code scenario} on the model: no warm-up, one iteration. */
    protected final TrialOutcome run(String scenario, Map<String, String> params) throws InterruptedException {
        return executor.execute(new TrialSpec(scenario, model(), params, 0, 1, 0), ProgressListener.NONE);
    }

    @Test
    protected void fanoutBuildsEveryProfileNoFasterThanTwoCalls() throws InterruptedException {
        TrialOutcome o = run("fanout", Map.of("profiles", "1000", "latency", "50ms"));
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        assertThat(o.iterations().get(0).metrics().get("wall_ms")).isGreaterThanOrEqualTo(100.0);
        assertThat(o.iterations().get(0).metrics().get("profiles_built")).isEqualTo(1000.0);
    }

    @Test
    protected void injectedFailuresAreCountedExactly() throws InterruptedException {
        int expected = InjectedFailures.failingProfiles(300, 0.1);
        TrialOutcome o = run("fanout", Map.of("profiles", "300", "latency", "1ms", "failure-rate", "0.1"));
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        assertThat(o.iterations().get(0).metrics().get("profiles_failed")).isEqualTo((double) expected);
    }
}
