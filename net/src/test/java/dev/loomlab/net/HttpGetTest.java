package dev.loomlab.net;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class HttpGetTest {
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());
    private final ModelCatalog models = ModelCatalog.load();

    private Map<String, Double> measured(String model, Map<String, String> params) throws InterruptedException {
        TrialOutcome o = executor.execute(new TrialSpec("http-get", model, params, 0, 1, 0), ProgressListener.NONE);
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        return o.iterations().get(0).metrics();
    }

    @Test
    void aPoolOfTenCannotBeatTenRoundsOfTheDelay() throws InterruptedException {
        Map<String, Double> m = measured("platform:10", Map.of("tasks", "100", "delay", "50ms"));
        assertThat(m.get("wall_ms")).isGreaterThanOrEqualTo(500.0);
        assertThat(m.get("errors")).isZero();
        assertThat(m.get("connections_opened")).isBetween(10.0, 100.0);
    }

    @Test
    void virtualThreadsAndSendAsyncAnswerEveryRequest() throws InterruptedException {
        for (String model : new String[]{"virtual", "async"}) {
            Map<String, Double> m = measured(model, Map.of("tasks", "300", "delay", "50ms", "size", "5000"));
            assertThat(m.get("wall_ms")).as(model).isGreaterThanOrEqualTo(50.0);
            assertThat(m.get("errors")).as(model).isZero();
            assertThat(m.get("connections_opened")).as(model).isBetween(1.0, 300.0);
        }
    }

    @Test
    void nioIsNotAnHttpClientModel() throws InterruptedException {
        TrialOutcome o = executor.execute(new TrialSpec("http-get", "nio", Map.of("tasks", "10"), 0, 1, 0), ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.NOT_APPLICABLE);
    }

    @Test
    void aRefusedConnectionIsAnErrorNotAHang() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, NetLimits.LOOPBACK)) {
            port = s.getLocalPort();
        }
        Map<String, Double> m = runAgainst(URI.create("http://127.0.0.1:" + port + "/get"), 20);
        assertThat(m.get("errors")).isEqualTo(20.0);
        assertThat(m.get("errors_connect")).isEqualTo(20.0);
    }

    @Test
    void aServerThatResetsEveryConnectionGivesResetErrors() throws Exception {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(NetLimits.LOOPBACK, 0));
            Thread acceptor = Thread.ofVirtual().start(() -> {
                while (!s.isClosed()) {
                    try {
                        Socket c = s.accept();
                        c.setSoLinger(true, 0);
                        c.getInputStream().read();
                        c.close();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            Map<String, Double> m = runAgainst(URI.create("http://127.0.0.1:" + s.getLocalPort() + "/get"), 20);
            assertThat(m.get("errors")).isEqualTo(20.0);
            assertThat(m).containsEntry("errors_reset", 20.0);
            acceptor.interrupt();
        }
    }

    private Map<String, Double> runAgainst(URI target, int tasks) throws Exception {
        HttpGetWorkload w = new HttpGetWorkload(tasks, 0, 10, Duration.ofSeconds(10), target);
        var model = models.create("virtual");
        var job = w.offers().get(0).bind(models.runners(model)).orElseThrow();
        TaskClock clock = new TaskClock(tasks);
        w.open(model);
        try {
            w.prepare();
            job.run(clock);
            Map<String, Double> m = w.collect(clock);
            w.validate(clock);
            return m;
        } finally {
            w.close();
        }
    }
}
