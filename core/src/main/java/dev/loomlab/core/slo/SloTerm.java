package dev.loomlab.core.slo;

import dev.loomlab.core.param.Units;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.workload.FailedCalls;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** One condition of an {@link Slo}, judged on a result's recorded figures: metric name → summary, as a result holds them. */
public sealed interface SloTerm {
    /** The term as {@link Slo#spec} writes it, e.g. {@code p99<500ms}. */
    String text();

    /** What the term names (one term per name in an objective), e.g. {@code p99}. */
    String name();

    /** Why {@code metrics} do not meet this term, with the figure and the limit; empty when they do. */
    Optional<String> breach(Map<String, ?> metrics);

    /**
     * A task latency percentile below a limit: {@code p99<500ms}. The figure is the result's
     * {@code task_latency_ms} percentile, read from the histogram every measured iteration of every fork was
     * merged into (for web and load: each request's latency, from its intended send on the open model).
     *
     * @param name        {@code p50}, {@code p90}, {@code p99}, {@code p999} or {@code max}
     * @param limitNanos  the figure must be below this, ns
     */
    record Latency(String name, long limitNanos) implements SloTerm {
        @Override
        public String text() {
            return name + "<" + Units.formatDuration(limitNanos);
        }

        @Override
        public Optional<String> breach(Map<String, ?> metrics) {
            if (!(metrics.get(Metric.TASK_LATENCY_MS.name()) instanceof LatencySummary l)) {
                return Optional.of(name + " not measured (no task latency recorded)");
            }
            double ms = figure(l);
            double limitMs = limitNanos / 1e6;
            return ms < limitMs ? Optional.empty() : Optional.of(name + " " + Slo.figure(ms) + " ms ≥ " + Slo.figure(limitMs) + " ms");
        }

        private double figure(LatencySummary l) {
            return switch (name) {
                case "p50" -> l.p50();
                case "p90" -> l.p90();
                case "p99" -> l.p99();
                case "p999" -> l.p999();
                case "max" -> l.max();
                default -> throw new IllegalStateException("no percentile " + name);
            };
        }
    }

    /**
     * The share of failed requests or calls below a limit: {@code errors<1%}. For a result that counts
     * {@code requests} (web, load) it is {@code errors} / {@code requests}; for any other, {@code failed_calls}
     * (0 where the workload counts none) / the tasks its latency histogram recorded. Both are totals over every
     * measured iteration of every fork.
     *
     * @param limitPct the share must be below this, %
     */
    record Errors(double limitPct) implements SloTerm {
        @Override
        public String name() {
            return "errors";
        }

        @Override
        public String text() {
            return "errors<" + BigDecimal.valueOf(limitPct).stripTrailingZeros().toPlainString() + "%";
        }

        @Override
        public Optional<String> breach(Map<String, ?> metrics) {
            boolean requests = metrics.get(ServerMetrics.REQUESTS_SENT.name()) instanceof Summary;
            double failed = total(metrics, requests ? ServerMetrics.REQUEST_ERRORS : FailedCalls.METRIC);
            double all = requests ? total(metrics, ServerMetrics.REQUESTS_SENT)
                    : metrics.get(Metric.TASK_LATENCY_MS.name()) instanceof LatencySummary l ? l.count() : 0;
            double pct = all > 0 ? 100 * failed / all : failed > 0 ? 100 : 0;
            if (pct < limitPct) {
                return Optional.empty();
            }
            return Optional.of(String.format(Locale.ROOT, "errors %s%% ≥ %s%% (%,.0f of %,.0f %s)", Slo.figure(pct),
                    Slo.figure(limitPct), failed, all, requests ? "requests" : "tasks"));
        }

        /** The metric summed over every measured iteration; 0 when the result has none. */
        private static double total(Map<String, ?> metrics, MetricKey metric) {
            if (!(metrics.get(metric.name()) instanceof Summary s)) {
                return 0;
            }
            return s.samples() != null ? s.samples().stream().mapToDouble(Double::doubleValue).sum() : s.mean() * s.n();
        }
    }

    /**
     * A throughput above a floor: {@code rate>1000/s}. The figure is the mean of {@code throughput_per_s}
     * over the measured iterations (answers per second for web and load, tasks per second otherwise).
     *
     * @param floorPerS the mean must be above this, per second
     */
    record Rate(double floorPerS) implements SloTerm {
        @Override
        public String name() {
            return "rate";
        }

        @Override
        public String text() {
            return "rate>" + BigDecimal.valueOf(floorPerS).stripTrailingZeros().toPlainString() + "/s";
        }

        @Override
        public Optional<String> breach(Map<String, ?> metrics) {
            if (!(metrics.get(Metric.THROUGHPUT_PER_S.name()) instanceof Summary s)) {
                return Optional.of("rate not measured (no " + Metric.THROUGHPUT_PER_S.name() + ")");
            }
            double perS = s.mean();
            return perS > floorPerS ? Optional.empty()
                    : Optional.of("rate " + Slo.figure(perS) + "/s ≤ " + Slo.figure(floorPerS) + "/s");
        }
    }
}
