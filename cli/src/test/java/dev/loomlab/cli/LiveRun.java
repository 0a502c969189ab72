package dev.loomlab.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;

/**
 * A short {@code loomlab run sleep … --metrics-port P} in this JVM, on a background thread: 10 platform
 * threads, {@value #TASKS} tasks of 100 ms per iteration (at least 2 s each), {@value #ITERATIONS} measured
 * iterations and no warm-up.
 */
final class LiveRun {
    static final int TASKS = 200;
    static final int ITERATIONS = 3;

    final int port;
    private final CompletableFuture<CliHarness.Outcome> outcome;
    private final MetricsScraper metrics = new MetricsScraper();

    private LiveRun(int port, CompletableFuture<CliHarness.Outcome> outcome) {
        this.port = port;
        this.outcome = outcome;
    }

    static LiveRun start(Path out) throws IOException {
        int port = freePort();
        return new LiveRun(port, CompletableFuture.supplyAsync(() -> CliHarness.run("run", "sleep", "-m", "platform:10",
                "-p", "tasks=" + TASKS, "-p", "sleep=100ms", "--forks", "1", "--warmup", "0", "--iterations",
                Integer.toString(ITERATIONS), "--metrics-port", Integer.toString(port), "--out", out.toString())));
    }

    /** A port nobody listens on now. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    boolean running() {
        return !outcome.isDone();
    }

    CliHarness.Outcome outcome() throws Exception {
        return outcome.get();
    }

    /** The endpoint's answer, or null when it does not answer (not yet listening, or closed). */
    String scrape() throws InterruptedException {
        return metrics.scrape(port);
    }

    /** Every answer of the endpoint, about every {@code periodMs}, until the run ends (at most 3 minutes). */
    List<String> scrapeUntilDone(long periodMs) throws InterruptedException {
        List<String> answers = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (running() && System.nanoTime() < deadline) {
            String body = scrape();
            if (body != null) {
                answers.add(body);
            }
            Thread.sleep(periodMs);
        }
        return answers;
    }

    /** The value of a series without labels in a Prometheus text answer. */
    static OptionalDouble value(String answer, String series) {
        return answer.lines().filter(l -> l.startsWith(series + " "))
                .mapToDouble(l -> Double.parseDouble(l.substring(series.length() + 1).trim())).findFirst();
    }

    /** The metric names in a Prometheus text answer. */
    static List<String> names(String answer) {
        return answer.lines().filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.split("[{ ]", 2)[0]).distinct().toList();
    }
}
