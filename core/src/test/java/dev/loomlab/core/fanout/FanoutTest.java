package dev.loomlab.core.fanout;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Article 001's fan-out on every Java model: correct profiles, the 2 × latency lower bound, exact failure counts. */
class FanoutTest {
    private final ModelCatalog models = ModelCatalog.load();
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), models);

    private TrialOutcome run(String model, String profiles, String latency, String failureRate) throws InterruptedException {
        return executor.execute(new TrialSpec("fanout", model,
                Map.of("profiles", profiles, "latency", latency, "failure-rate", failureRate), 0, 1, 0), ProgressListener.NONE);
    }

    @Test
    void everyModelBuildsEveryProfileNoFasterThanTwoCalls() throws InterruptedException {
        for (String model : new String[]{"virtual", "virtual-direct", "completable:50", "platform:500"}) {
            TrialOutcome o = run(model, "100", "50ms", "0");
            assertThat(o.status()).as(model + ": " + o.error()).isEqualTo(Status.OK);
            Map<String, Double> m = o.iterations().get(0).metrics();
            assertThat(m.get("wall_ms")).as(model).isGreaterThanOrEqualTo(100.0);
            assertThat(m.get("profiles_built")).as(model).isEqualTo(100.0);
            assertThat(m.get("profiles_failed")).as(model).isZero();
            assertThat(m.get("allocated_bytes_per_task")).as(model).isPositive();
        }
    }

    @Test
    void aPoolOfTenCallsCannotBeatItsWaves() throws InterruptedException {
        // 100 profiles = 400 calls of 50 ms, at most 10 at once: 40 waves, 2 s.
        TrialOutcome o = run("completable:10", "100", "50ms", "0");
        assertThat(o.status()).isEqualTo(Status.OK);
        assertThat(o.boundMs()).isEqualTo(2000.0);
        assertThat(o.iterations().get(0).metrics().get("wall_ms")).isGreaterThanOrEqualTo(2000.0);
    }

    @Test
    void injectedFailuresAreCountedExactly() throws InterruptedException {
        int expected = InjectedFailures.failingProfiles(200, 0.1);
        // 1 - 0.9^4 = 34% of profiles touch a failing call: far from none and from all.
        assertThat(expected).isBetween(40, 100);
        for (String model : new String[]{"virtual", "virtual-direct", "completable:100", "platform:1000"}) {
            TrialOutcome o = run(model, "200", "1ms", "0.1");
            assertThat(o.status()).as(model + ": " + o.error()).isEqualTo(Status.OK);
            assertThat(o.iterations().get(0).metrics().get("profiles_failed")).as(model).isEqualTo((double) expected);
            assertThat(o.iterations().get(0).metrics().get("profiles_built")).as(model).isEqualTo(200.0 - expected);
        }
    }

    @Test
    void aPoolThatStarvesItselfIsReportedNotHung() throws InterruptedException {
        // 50 builds hold all 10 threads while their inner calls wait in the queue behind them.
        TrialOutcome o = run("platform:10", "50", "10ms", "0");
        assertThat(o.status()).isEqualTo(Status.FAILED);
        assertThat(o.error()).startsWith("thread-starvation deadlock: all 10 pool threads wait");
    }

    @Test
    void modelsWithoutAFanoutFormAreNotApplicable() throws InterruptedException {
        TrialOutcome o = run("forkjoin:4", "10", "1ms", "0");
        assertThat(o.status()).isEqualTo(Status.NOT_APPLICABLE);
    }

    @Test
    void aWrongProfileFailsValidation() throws InterruptedException {
        FanoutWorkload w = new FanoutWorkload(3, Duration.ZERO, 0);
        TaskClock clock = new TaskClock(3);
        w.prepare();
        w.offers().get(0).bind(models.runners(models.create("virtual"))).orElseThrow().run(clock);
        org.assertj.core.api.Assertions.assertThatCode(() -> w.validate(clock)).doesNotThrowAnyException();
        TaskClock missing = new TaskClock(3);
        w.prepare();
        missing.submitted(0);
        missing.run(0, i -> { });
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> w.validate(missing))
                .hasMessageContaining("1 of 3 profile builds finished");
    }
}
