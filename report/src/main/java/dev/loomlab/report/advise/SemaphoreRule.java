package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.semaphore.SemaphoreWorkload;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * A Semaphore where a downstream is limited: fires when a model overran a downstream's capacity, read from
 * the {@code semaphore} scenario's {@code calls_rejected} (calls the downstream refused per iteration),
 * with {@code downstream_peak_concurrency} and the {@code limit} parameter cited where recorded
 * (docs/results.md).
 * Unbounded virtual threads send every call at once; a Semaphore of the downstream's size keeps them
 * within it without a pool.
 */
final class SemaphoreRule implements AdviceRule {
    private static final MetricKey REJECTED = SemaphoreWorkload.CALLS_REJECTED;
    private static final MetricKey IN_FLIGHT = SemaphoreWorkload.DOWNSTREAM_PEAK_CONCURRENCY;
    static final String LIMIT = "limit";

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        List<Result> measured = e.ok().stream().filter(r -> Metrics.summary(r, REJECTED) != null).toList();
        List<Result> overran = measured.stream().filter(r -> Metrics.median(r, REJECTED) > 0).toList();
        if (overran.isEmpty()) {
            return List.of();
        }
        List<Result> within = measured.stream().filter(r -> Metrics.median(r, REJECTED) == 0).toList();
        Double limit = e.ok().stream().map(r -> r.params().get(LIMIT)).filter(Number.class::isInstance)
                .map(v -> ((Number) v).doubleValue()).findFirst().orElse(null);
        List<String> evidence = new ArrayList<>();
        for (Result r : measured) {
            StringBuilder sb = new StringBuilder(r.model()).append(": ").append(Figures.num(Metrics.median(r, REJECTED)))
                    .append(" downstream calls rejected per iteration");
            if (Metrics.summary(r, IN_FLIGHT) != null) {
                sb.append(", peak ").append(Figures.count(Metrics.median(r, IN_FLIGHT))).append(" calls in flight");
            }
            if (Metrics.summary(r, Metric.WALL_MS) != null) {
                sb.append(", wall median ").append(Figures.num(Metrics.median(r, Metric.WALL_MS))).append(" ms");
            }
            evidence.add(sb.toString());
        }
        if (limit != null) {
            evidence.add("downstream limit: " + Figures.count(limit) + " concurrent calls");
        }
        String names = String.join(", ", overran.stream().map(Result::model).toList());
        String recommendation = "Guard the downstream call with a java.util.concurrent.Semaphore"
                + (limit != null ? " of " + Figures.count(limit) + " permits" : " sized to the downstream's capacity")
                + ": " + names + " overran it";
        if (!within.isEmpty()) {
            recommendation += ", while " + String.join(", ", within.stream().map(Result::model).toList()) + " stayed within it";
        }
        return List.of(new Advice("downstream", e.scenario(), e.label(), recommendation + ".", evidence));
    }
}
