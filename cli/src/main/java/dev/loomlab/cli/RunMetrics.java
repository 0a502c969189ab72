package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;
import java.util.function.ToDoubleFunction;

/**
 * A run's meters for {@code --metrics-port} (the names are a contract, listed in docs/monitoring.md), fed by
 * the progress of the run and the samples its trial JVMs stream (the web scenario's HTTP golden signals too,
 * {@link HttpMetrics}, {@link ServerMetrics}); it shows the progress on the console too,
 * through the {@link Progress} it wraps. Gauges read NaN until their first figure arrives.
 */
final class RunMetrics implements Progress {
    private final Progress console;
    private final MeterRegistry registry;
    private final MultiGauge runInfo;
    private final int totalIterations;
    private final Counter tasksCompleted;
    private final Counter tasksFailed;
    private final Counter trialCpu;
    private final Counter trialGcPause;
    private final Counter trialGcPauses;
    private final Map<String, Counter> results = new ConcurrentHashMap<>();
    private final Map<String, Counter> iterations = new ConcurrentHashMap<>();
    private final HttpMetrics http;
    private final ServerMetrics server;
    private final TaskLatencyHistogram taskLatency = new TaskLatencyHistogram();
    // Read by the gauges; written by the threads that relay a trial's output.
    private volatile double progress;
    private volatile LiveSample.Jvm jvm;
    private volatile LiveSample.Latency latency;
    private int iterationsBefore;
    private PlannedResult current;

    RunMetrics(MeterRegistry registry, Progress console, List<PlannedResult> plan) {
        this.console = console;
        this.registry = registry;
        this.totalIterations = Math.max(1, plan.stream().mapToInt(PlannedResult::totalIterations).sum());
        this.runInfo = MultiGauge.builder("loomlab.run.info")
                .description("1 for the trial now running: its scenario, model, parameters and JDK").register(registry);
        Gauge.builder("loomlab.run.progress", this, m -> m.progress)
                .description("the run's iterations finished over those planned, 0..1").register(registry);
        for (Status s : Status.values()) {
            results(s.json());
        }
        for (String phase : List.of("warmup", "measure")) {
            iterations(phase);
        }
        tasksCompleted = Counter.builder("loomlab.tasks.completed")
                .description("tasks finished in the trials' iterations, failed ones included, counted as they finish").register(registry);
        tasksFailed = Counter.builder("loomlab.tasks.failed").description("tasks that failed").register(registry);
        trialCpu = Counter.builder("loomlab.trial.cpu").baseUnit("seconds")
                .description("CPU time of the trial JVMs").register(registry);
        trialGcPause = Counter.builder("loomlab.trial.gc.pause").baseUnit("seconds")
                .description("time the trial JVMs spent in stop-the-world collections").register(registry);
        trialGcPauses = Counter.builder("loomlab.trial.gc.pauses")
                .description("stop-the-world collections of the trial JVMs").register(registry);
        http = new HttpMetrics(registry);
        server = new ServerMetrics(registry);
        jvmGauge("loomlab.trial.threads", null, "live platform threads of the trial JVM", j -> j.threads());
        jvmGauge("loomlab.trial.carriers", null, "carrier threads of the trial JVM's virtual-thread scheduler", j -> j.carriers());
        jvmGauge("loomlab.trial.heap.used", "bytes", "heap in use in the trial JVM", j -> j.heapUsedBytes());
        PercentileGauges.register(registry, "loomlab.task.latency", "submit-to-done task latency in the last measured iteration",
                this, m -> m.latency);
        if (registry instanceof PrometheusMeterRegistry prometheus) {
            prometheus.getPrometheusRegistry().register(taskLatency);
        }
    }

    private void jvmGauge(String name, String unit, String description, ToDoubleFunction<LiveSample.Jvm> read) {
        Gauge.builder(name, this, m -> {
            LiveSample.Jvm j = m.jvm;
            return j == null ? Double.NaN : read.applyAsDouble(j);
        }).baseUnit(unit).description(description).register(registry);
    }

    private Counter results(String status) {
        return results.computeIfAbsent(status, s -> Counter.builder("loomlab.results").tag("status", s)
                .description("results finished, by status").register(registry));
    }

    private Counter iterations(String phase) {
        return iterations.computeIfAbsent(phase, p -> Counter.builder("loomlab.iterations").tag("phase", p)
                .description("iterations finished, by phase").register(registry));
    }

    @Override
    public ProgressListener trialStarted(PlannedResult planned, int fork) {
        synchronized (this) {
            current = planned;
        }
        String jdk = planned.jdk() == null ? System.getProperty("java.version") : planned.jdk().version();
        runInfo.register(List.of(MultiGauge.Row.of(Tags.of("scenario", planned.scenario().name(), "model",
                planned.model().toString(), "params", planned.params().toString(), "jdk", jdk), 1.0)), true);
        return new TrialMeters(console.trialStarted(planned, fork));
    }

    @Override
    public void resultDone(Result result, int done, int total) {
        results(result.status().json()).increment();
        synchronized (this) {
            // A result that stopped early counts as all of its planned iterations.
            if (current != null) {
                iterationsBefore += current.totalIterations();
                current = null;
            }
            progress = Math.min(1.0, (double) iterationsBefore / totalIterations);
        }
        console.resultDone(result, done, total);
    }

    @Override
    public void close() {
        runInfo.register(List.of(), true);
        console.close();
    }

    /** The meters' view of one trial JVM: counters it streams as totals since it started become increments. */
    private final class TrialMeters implements ProgressListener {
        private final ProgressListener console;
        private final HttpMetrics.Feed httpFeed = http.feed();
        private int finished;
        private int iteration;
        private long completed;
        private long failed;
        private double cpuSeconds;
        private double gcPauseSeconds;
        private long gcPauses;

        TrialMeters(ProgressListener console) {
            this.console = console;
        }

        @Override
        public void progress(String phase, int done, int total) {
            if (!phase.equals("calibrate")) {
                iterations(phase).increment();
                synchronized (RunMetrics.this) {
                    finished++;
                    progress = Math.min(1.0, (double) (iterationsBefore + finished) / totalIterations);
                }
            }
            console.progress(phase, done, total);
        }

        @Override
        public void iterationStarts(IntSupplier completed, IntSupplier failed) {
            console.iterationStarts(completed, failed);
        }

        @Override
        public void iterationLatencies(Histogram nanos) {
            console.iterationLatencies(nanos);
        }

        @Override
        public synchronized void live(LiveSample sample) {
            switch (sample) {
                case LiveSample.Tasks t -> {
                    if (t.iteration() != iteration) {
                        iteration = t.iteration();
                        completed = 0;
                        failed = 0;
                    }
                    completed = add(tasksCompleted, completed, t.completed());
                    failed = add(tasksFailed, failed, t.failed());
                }
                case LiveSample.Jvm j -> {
                    jvm = j;
                    if (!Double.isNaN(j.cpuSeconds())) {
                        cpuSeconds = add(trialCpu, cpuSeconds, j.cpuSeconds());
                    }
                    gcPauseSeconds = add(trialGcPause, gcPauseSeconds, j.gcPauseSeconds());
                    gcPauses = add(trialGcPauses, gcPauses, j.gcPauses());
                }
                case LiveSample.Latency l -> latency = l;
                case LiveSample.LatencyBuckets b -> taskLatency.add(b);
                case LiveSample.Http h -> httpFeed.accept(h);
                case LiveSample.Server s -> server.accept(s);
            }
            console.live(sample);
        }

        /** Adds what {@code total} grew by since {@code before} to {@code counter}; returns the larger of the two. */
        private static long add(Counter counter, long before, long total) {
            if (total > before) {
                counter.increment(total - before);
                return total;
            }
            return before;
        }

        private static double add(Counter counter, double before, double total) {
            if (total > before) {
                counter.increment(total - before);
                return total;
            }
            return before;
        }
    }
}
