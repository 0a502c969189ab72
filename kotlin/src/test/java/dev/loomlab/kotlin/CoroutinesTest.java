package dev.loomlab.kotlin;

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

class CoroutinesTest {
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    private TrialOutcome run(String model, String scenario, Map<String, String> params) throws InterruptedException {
        return executor.execute(new TrialSpec(scenario, model, params, 0, 1, 0), ProgressListener.NONE);
    }

    @Test
    void everyCoroutineModelBuildsEveryProfileNoFasterThanTwoCalls() throws InterruptedException {
        for (String model : new String[]{"coroutines", "coroutines-io", "coroutines-virtual"}) {
            TrialOutcome o = run(model, "fanout", Map.of("profiles", "200", "latency", "20ms"));
            assertThat(o.status()).as(model + ": " + o.error()).isEqualTo(Status.OK);
            assertThat(o.iterations().get(0).metrics().get("wall_ms")).as(model).isGreaterThanOrEqualTo(40.0);
            assertThat(o.iterations().get(0).metrics().get("profiles_built")).as(model).isEqualTo(200.0);
        }
    }

    @Test
    void dispatchersIoCapsBlockingCallsAtSixtyFour() throws InterruptedException {
        // 200 profiles = 800 blocking calls of 20 ms, at most 64 at once: 13 waves, 260 ms.
        TrialOutcome o = run("coroutines-io", "fanout", Map.of("profiles", "200", "latency", "20ms"));
        assertThat(o.boundMs()).isEqualTo(260.0);
        assertThat(o.iterations().get(0).metrics().get("wall_ms")).isGreaterThanOrEqualTo(260.0);
    }

    @Test
    void injectedFailuresAreCountedExactly() throws InterruptedException {
        int expected = InjectedFailures.failingProfiles(300, 0.1);
        for (String model : new String[]{"coroutines", "coroutines-io", "coroutines-virtual"}) {
            TrialOutcome o = run(model, "fanout", Map.of("profiles", "300", "latency", "1ms", "failure-rate", "0.1"));
            assertThat(o.status()).as(model + ": " + o.error()).isEqualTo(Status.OK);
            assertThat(o.iterations().get(0).metrics().get("profiles_failed")).as(model).isEqualTo((double) expected);
        }
    }

    @Test
    void suspendingCoroutinesCannotRunBlockingTasksButTheBlockingFormsCan() throws InterruptedException {
        assertThat(run("coroutines", "sleep", Map.of("tasks", "10", "sleep", "1ms")).status())
                .isEqualTo(Status.NOT_APPLICABLE);
        TrialOutcome io = run("coroutines-io", "sleep", Map.of("tasks", "128", "sleep", "50ms"));
        assertThat(io.status()).isEqualTo(Status.OK);
        // 128 sleeps on 64 threads: two waves.
        assertThat(io.iterations().get(0).metrics().get("wall_ms")).isGreaterThanOrEqualTo(100.0);
        assertThat(run("coroutines-virtual", "sleep", Map.of("tasks", "100", "sleep", "50ms")).status())
                .isEqualTo(Status.OK);
    }
}
