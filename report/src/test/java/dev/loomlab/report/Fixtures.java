package dev.loomlab.report;

import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.JvmInfo;
import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-built results for the renderer, compare and advice tests: figures are chosen, so every expected
 * number in a test follows from them. Throughput samples are tasks / wall, so their median is
 * tasks / the wall median.
 */
public final class Fixtures {
    public static final JvmInfo JDK25 = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk25", List.of());
    public static final JvmInfo JDK21 = new JvmInfo("21.0.8+9-LTS", "Eclipse Adoptium", "/jdk21", List.of());
    public static final String ARTICLE = "004";

    private Fixtures() {
    }

    public static Map<String, Object> params(Object... nameValue) {
        Map<String, Object> p = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            p.put((String) nameValue[i], nameValue[i + 1]);
        }
        return p;
    }

    /** Three wall samples: the median, 2% below and 3% above. */
    public static double[] around(double median) {
        return new double[]{median * 0.98, median, median * 1.03};
    }

    /**
     * An ok result of {@code tasks} tasks per iteration with these wall samples (ms); task latencies spread
     * evenly from {@code firstTaskMs} to the wall median; heap {@code heapMb}; published figure optional.
     */
    public static Result ok(String scenario, String model, Map<String, Object> params, JvmInfo jvm, double[] wall,
                            int tasks, double firstTaskMs, double heapMb, Double boundMs, Double publishedMs) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        Summary w = Summary.of(wall);
        metrics.put("wall_ms", w);
        metrics.put("throughput_per_s", Summary.of(Arrays.stream(wall).map(ms -> tasks / (ms / 1000)).toArray()));
        Histogram h = new Histogram(3);
        for (int i = 0; i < tasks; i++) {
            double ms = tasks == 1 ? firstTaskMs : firstTaskMs + (w.median() - firstTaskMs) * i / (tasks - 1);
            h.recordValueWithCount((long) (ms * 1e6), wall.length);
        }
        metrics.put("task_latency_ms", LatencySummary.of(h));
        metrics.put("peak_heap_mb", Summary.of(new double[]{heapMb * 0.95, heapMb, heapMb * 1.05}));
        metrics.put("threads_peak", Summary.of(new double[]{10, 10, 10}));
        Result.PublishedFigure published = publishedMs == null ? null
                : Result.PublishedFigure.of(ARTICLE, "Java virtual threads: internals and performance", "wall_ms", publishedMs,
                "i5-14600KF 14C/20T", "mean of 3 rounds");
        return Result.builder(scenario, model).params(params).jvm(jvm).rounds(1, 1, wall.length).metrics(metrics)
                .bound(boundMs, boundMs == null ? null : boundMs / w.mean(), null).published(published)
                .logs(List.of("logs/" + model + ".log")).histograms(Map.of("task_latency_ms", HistogramCodec.encode(h))).build();
    }

    /** Five wall samples: the median, 2% and 1% below, 1% and 3% above (enough for compare's 99% interval). */
    public static double[] five(double median) {
        return new double[]{median * 0.98, median * 0.99, median, median * 1.01, median * 1.03};
    }

    /** {@link #seedsSleep} measured with five iterations each ({@link #five}). */
    public static List<Result> seedsSleepFive() {
        return seedsSleep().stream().map(r -> {
            Summary w = (Summary) r.metrics().get("wall_ms");
            return ok(r.scenario(), r.model(), r.params(), r.jvm(), five(w.median()), 10_000, 300, 40, r.boundMs(),
                    r.published() == null ? null : r.published().wallMs());
        }).toList();
    }

    /** An ok sleep result: {@code tasks} × {@code sleepMs}, latencies from the sleep up to the wall median. */
    public static Result sleep(String model, int tasks, int sleepMs, JvmInfo jvm, double medianMs, Double boundMs,
                               Double publishedMs) {
        return ok("sleep", model, params("tasks", tasks, "sleep", sleepMs + "ms"), jvm, around(medianMs), tasks, sleepMs,
                40, boundMs, publishedMs);
    }

    /** Article 004's sleep experiment as README.md shows it: five models, bounds and published figures. */
    public static List<Result> seedsSleep() {
        return List.of(
                sleep("virtual", 10_000, 300, JDK25, 402, 300.0, 437.0),
                sleep("platform:200", 10_000, 300, JDK25, 15_092, 15_000.0, 15_549.0),
                sleep("platform:500", 10_000, 300, JDK25, 6_126, 6_000.0, 6_232.0),
                sleep("platform:800", 10_000, 300, JDK25, 3_974, 3_900.0, 4_056.0),
                sleep("platform:1000", 10_000, 300, JDK25, 3_206, 3_000.0, 3_138.0));
    }

    public static Result failed(String scenario, String model, Map<String, Object> params, String error) {
        return Result.builder(scenario, model).params(params).jvm(JDK25).rounds(1, 1, 3).status(Status.FAILED, error)
                .logs(List.of("logs/" + model + "-failed.log")).build();
    }

    public static Result notApplicable(String scenario, String model, Map<String, Object> params) {
        return Result.builder(scenario, model).params(params).jvm(JDK21).rounds(1, 1, 3)
                .status(Status.NOT_APPLICABLE, "model " + model + " is not available on Java 21").build();
    }

    /** The result with one more metric, as a Summary of these samples. */
    public static Result with(Result r, String metric, double... samples) {
        Map<String, Object> metrics = new LinkedHashMap<>(r.metrics());
        metrics.put(metric, Summary.of(samples));
        return r.toBuilder().metrics(metrics).build();
    }

    /** The result with every wall figure multiplied by {@code factor} (a slower or faster run of the same thing). */
    public static Result slower(Result r, double factor) {
        Summary w = (Summary) r.metrics().get("wall_ms");
        Map<String, Object> metrics = new LinkedHashMap<>(r.metrics());
        metrics.put("wall_ms", Summary.of(w.samples().stream().mapToDouble(s -> s * factor).toArray()));
        return r.toBuilder().metrics(metrics).build();
    }
}
