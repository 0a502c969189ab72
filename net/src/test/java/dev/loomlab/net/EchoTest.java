package dev.loomlab.net;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.model.TaskClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EchoTest {
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    private Map<String, Double> measured(String model, int connections) throws InterruptedException {
        TrialOutcome o = executor.execute(new TrialSpec("echo", model, Map.of("connections", Integer.toString(connections)),
                0, 1, 0), ProgressListener.NONE);
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        return o.iterations().get(0).metrics();
    }

    @Test
    void virtualServerHoldsEveryConnectionAtOnceOnFewCarriers() throws InterruptedException {
        Map<String, Double> m = measured("virtual", 500);
        assertThat(m.get("round_trips")).isEqualTo(500.0);
        assertThat(m.get("errors")).isZero();
        assertThat(m.get("server_open_peak")).isEqualTo(500.0);
        // Few: the default scheduler runs one carrier per core and adds one only to stand in for a carrier
        // blocked in the OS, which socket reads and writes on virtual threads are not (they park). 500
        // connections on a thread each would need 500; two extra carriers allow for a JDK-internal block.
        assertThat(m.get("server_carriers")).isBetween(1.0, Runtime.getRuntime().availableProcessors() + 2.0);
        assertThat(m.get("server_peak_rss_mb")).isPositive();
    }

    @Test
    void nioServerUsesOnlyItsEventLoops() throws InterruptedException {
        Map<String, Double> m = measured("nio", 300);
        assertThat(m.get("round_trips")).isEqualTo(300.0);
        assertThat(m.get("server_open_peak")).isEqualTo(300.0);
        assertThat(m.get("server_carriers")).isBetween(1.0, (double) Runtime.getRuntime().availableProcessors());
    }

    @Test
    void threadPerTaskServerNeedsAThreadPerConnection() throws InterruptedException {
        Map<String, Double> m = measured("thread-per-task", 200);
        assertThat(m.get("round_trips")).isEqualTo(200.0);
        assertThat(m.get("server_threads_peak")).isGreaterThanOrEqualTo(200.0);
    }

    /** Below the open-file limit the connections go in waves: every round trip still happens. */
    @Test
    void connectionsBeyondTheWaveAreServedInWaves() throws Exception {
        EchoWorkload w = new EchoWorkload(300, Duration.ofSeconds(30), 100);
        ModelCatalog models = ModelCatalog.load();
        var model = models.create("virtual");
        var job = w.offers().get(0).bind(models.runners(model)).orElseThrow();
        TaskClock clock = new TaskClock(300);
        w.open(model);
        try {
            job.open();
            w.prepare();
            job.run(clock);
            Map<String, Double> m = w.collect(clock);
            w.validate(clock);
            assertThat(m).containsEntry("round_trips", 300.0).containsEntry("errors", 0.0).containsEntry("held_at_once", 100.0);
            // a wave closes before the next connects (a close may be counted a moment after the client saw it)
            assertThat(m.get("server_open_peak")).isBetween(100.0, 199.0);
        } finally {
            w.close();
        }
    }
}
