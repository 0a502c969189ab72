package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * The database connection pool as the ceiling, read from the {@code db} scenario's pool metrics
 * (docs/database.md). When the median call waited for a connection at least as long as it then took to run
 * ({@code pool_wait_p50_ms} ≥ half of the task latency's p50), the pool is what bounds the model: Little's
 * law gives what it can sustain, {@code connections} / W calls per second with W one call alone
 * ({@code serial_task_ms}), and the pool a target rate needs. Unbounded virtual threads that queued on the
 * pool by the dozen ({@code pool_pending_peak} above the pool's size) get the advice to bound them.
 */
final class ConnectionPoolRule implements AdviceRule {
    static final MetricKey WAIT_P50 = ServerMetrics.POOL_WAIT_P50_MS;
    static final MetricKey PENDING = ServerMetrics.POOL_PENDING_PEAK;
    static final String CONNECTIONS = "connections";
    private static final MetricKey LATENCY = Metric.TASK_LATENCY_MS;
    private static final MetricKey THROUGHPUT = Metric.THROUGHPUT_PER_S;
    /** The share of a call's latency spent waiting for a connection from which the pool is the ceiling. */
    static final double DOMINANT = 0.5;

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        List<Advice> out = new ArrayList<>();
        List<Result> measured = e.ok().stream()
                .filter(r -> Metrics.summary(r, WAIT_P50) != null && Metrics.latency(r, LATENCY) != null)
                .toList();
        List<Result> waiting = measured.stream().filter(ConnectionPoolRule::poolDominates).toList();
        Integer connections = connections(e);
        if (!waiting.isEmpty() && connections != null) {
            out.add(ceiling(e, measured, waiting, connections));
        }
        List<Result> piled = measured.stream()
                .filter(r -> r.modelInfo() != null && r.modelInfo().threads() == dev.loomlab.core.model.ServingThread.VIRTUAL && r.modelInfo().concurrency().isEmpty())
                .filter(r -> connections != null && Metrics.summary(r, PENDING) != null && Metrics.median(r, PENDING) > connections)
                .toList();
        if (!piled.isEmpty()) {
            List<String> evidence = new ArrayList<>();
            piled.forEach(r -> evidence.add(r.model() + ": up to " + Figures.count(Metrics.median(r, PENDING))
                    + " virtual threads waiting for one of " + connections + " connections (median of the per-iteration peaks)"));
            out.add(new Advice("connection pool", e.scenario(), e.label(),
                    "Virtual threads piled up on the connection pool: bound them to it — a Semaphore of " + connections
                            + " permits around the database call, or a bounded executor (virtual-bounded:" + connections
                            + ") — so that they wait in your code, not inside the pool with its timeout.", evidence));
        }
        return out;
    }

    private static boolean poolDominates(Result r) {
        return Metrics.median(r, WAIT_P50) >= DOMINANT * Metrics.latency(r, LATENCY).p50();
    }

    private static Advice ceiling(Experiment e, List<Result> measured, List<Result> waiting, int connections) {
        List<String> evidence = new ArrayList<>();
        for (Result r : measured) {
            LatencySummary latency = Metrics.latency(r, LATENCY);
            StringBuilder sb = new StringBuilder(r.model()).append(": waited ").append(Figures.num(Metrics.median(r, WAIT_P50)))
                    .append(" ms (p50) for a connection, of a call latency of ").append(Figures.num(latency.p50())).append(" ms (p50)");
            if (Metrics.summary(r, THROUGHPUT) != null) {
                sb.append("; ").append(Figures.num(Metrics.mean(r, THROUGHPUT))).append(" calls/s");
            }
            evidence.add(sb.toString());
        }
        Double callMs = waiting.stream().map(Result::serialTaskMs).filter(v -> v != null && v > 0).findFirst().orElse(null);
        String names = String.join(", ", waiting.stream().map(Result::model).toList());
        StringBuilder recommendation = new StringBuilder("The pool of ").append(connections)
                .append(" connections is the ceiling, not the threads: ").append(names)
                .append(" spent at least half of each call waiting for a connection.");
        if (callMs != null) {
            double sustains = connections / (callMs / 1000);
            evidence.add("one call alone: " + Figures.num(callMs) + " ms; Little's law: " + connections + " connections sustain at most "
                    + Figures.num(sustains) + " calls/s");
            double best = waiting.stream().filter(r -> Metrics.summary(r, THROUGHPUT) != null)
                    .mapToDouble(r -> Metrics.mean(r, THROUGHPUT)).max().orElse(Double.NaN);
            int offered = waiting.stream().mapToInt(ConnectionPoolRule::offered).max().orElse(connections);
            recommendation.append(" By Little's law (connections = calls/s × ").append(Figures.num(callMs))
                    .append(" ms) a pool of ").append(connections).append(" sustains at most ").append(Figures.num(sustains))
                    .append(" calls/s");
            if (!Double.isNaN(best)) {
                recommendation.append(" (measured: ").append(Figures.num(best)).append(")");
            }
            recommendation.append("; to let the ").append(offered).append(" calls these models keep in flight run without waiting it would need ")
                    .append(offered).append(" connections (").append(Figures.num(offered / (callMs / 1000)))
                    .append(" calls/s) — if the database can serve that many at once; size it for the rate you need, not for the threads.");
        }
        return new Advice("connection pool", e.scenario(), e.label(), recommendation.toString(), evidence);
    }

    /** The calls a model keeps in flight in one iteration: its concurrency, at most the tasks. */
    private static int offered(Result r) {
        int tasks = r.params().get("tasks") instanceof Number n ? n.intValue() : Integer.MAX_VALUE;
        int concurrency = r.modelInfo() == null ? Integer.MAX_VALUE : r.modelInfo().concurrency().orElse(Integer.MAX_VALUE);
        return Math.min(tasks, concurrency);
    }

    private static Integer connections(Experiment e) {
        Object v = e.params().get(CONNECTIONS);
        return v instanceof Number n ? n.intValue() : null;
    }
}
