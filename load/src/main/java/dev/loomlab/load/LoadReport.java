package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The outcome of one measured load run: requests sent in the measured span and how each ended (answered
 * ok, or an error by kind; status codes), the answers that arrived within the span,
 * the serving-thread kinds the server named, and latency histograms (ns) of the requests sent in the
 * span: {@link #latency} on the run's {@link LatencyBasis} — from the intended send time for the open
 * model (coordinated omission corrected), from the actual send for the closed model (not corrected) —
 * and {@link #fromSend}, always from the actual send.
 *
 * @param okInSpan successful answers that arrived within the measured span, whenever sent
 * @param basis where {@code latency} starts: the open model's intended send time or the closed model's actual send
 * @param latency the run's latency, on {@code basis}
 * @param fromSend latency from the actual send; for the closed model the same as {@code latency}
 * @param measuredNanos length of the measured span (the duration), ns
 * @param targetRate requests per second the open model's schedule asked for in that span (NaN: closed model)
 * @param generatorLag open model: how late the generator itself wrote each measured request, ns (from the
 *                   intended time, leaving out any wait for a connection: for a request queued for one, how late
 *                   the dispatcher queued it); empty for the closed model
 * @param queued     open model: measured requests that waited for a connection: none was idle and either
 *                   {@code connections} were all open or {@value LoadGenerator#MOST_CONNECTING} connects were under way
 * @param generator  how the generator ran: its transport and event loops ({@code nio, 1 event loop}); empty
 *                   when not known
 */
public record LoadReport(long sent, long ok, long okInSpan, Map<RequestError, Long> errors, Map<Integer, Long> statuses,
                         Map<String, Long> servedBy, long connectionsOpened, LatencyBasis basis, Histogram latency,
                         Histogram fromSend, long measuredNanos, double targetRate, Histogram generatorLag, long queued,
                         String generator) {

    public LoadReport {
        generator = generator == null ? "" : generator;
    }

    /** A report that does not say how the generator ran. */
    public LoadReport(long sent, long ok, long okInSpan, Map<RequestError, Long> errors, Map<Integer, Long> statuses,
                      Map<String, Long> servedBy, long connectionsOpened, LatencyBasis basis, Histogram latency,
                      Histogram fromSend, long measuredNanos, double targetRate, Histogram generatorLag, long queued) {
        this(sent, ok, okInSpan, errors, statuses, servedBy, connectionsOpened, basis, latency, fromSend, measuredNanos,
                targetRate, generatorLag, queued, "");
    }

    static LoadReport of(LoopStats all, LatencyBasis basis, long measuredNanos, double targetRate, long queued,
                         String generator) {
        Map<RequestError, Long> errors = new LinkedHashMap<>();
        for (RequestError e : RequestError.values()) {
            errors.put(e, all.errors[e.ordinal()]);
        }
        Map<Integer, Long> statuses = new LinkedHashMap<>();
        for (int code = 0; code < all.statuses.length; code++) {
            if (all.statuses[code] > 0) {
                statuses.put(code, all.statuses[code]);
            }
        }
        Map<String, Long> servedBy = new LinkedHashMap<>();
        for (ServingThread t : ServingThread.values()) {
            servedBy.put(t.header(), all.servedBy[t.ordinal()]);
        }
        servedBy.put("unnamed", all.servedBy[LoopStats.UNNAMED]);
        Histogram latency = basis == LatencyBasis.INTENDED_SEND ? all.fromIntended : all.fromSend;
        return new LoadReport(all.sent, all.ok, all.okInSpan, errors, statuses, servedBy, all.connectionsOpened, basis,
                latency, all.fromSend, measuredNanos, targetRate, all.generatorLag, queued, generator);
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The errors by kind, those that occurred: {@code connect 57, timeout 3}; {@code none} without any. */
    public String errorKinds() {
        StringBuilder sb = new StringBuilder();
        errors.forEach((kind, n) -> {
            if (n > 0) {
                sb.append(sb.isEmpty() ? "" : ", ").append(kind.name().toLowerCase(Locale.ROOT)).append(' ').append(n);
            }
        });
        return sb.isEmpty() ? "none" : sb.toString();
    }

    /**
     * Successful answers that arrived during the measured span, per second of it: answers to requests
     * sent before the span count, those still in flight at its end do not (as wrk counts).
     */
    public double throughputPerSecond() {
        return okInSpan / (measuredNanos / 1e9);
    }

    /**
     * The run's figures by metric name: {@code throughput_per_s}, {@code requests}, {@code ok},
     * {@code errors} and {@code errors_<kind>}, {@code status_<code>}, for the open model
     * {@code target_rate_per_s} and {@code sent_per_s} (achieved rate), {@code served_by_<kind>} (kinds seen),
     * for the open model {@code queued_requests} (measured requests that waited for a connection) and
     * {@code generator_lag_p99_ms} (how late the generator itself wrote them, 99th percentile),
     * {@code connections_opened}, {@code latency_from_intended_send} (1: the latency is from the intended send
     * time, corrected for coordinated omission; 0: from the actual send, not corrected), and for the open
     * model only {@code task_latency_uncorrected_<p>_ms} for p50, p90, p99, p999, max (from the actual
     * send; the closed model's latency is that already).
     */
    public Map<String, Double> metrics() {
        Map<String, Double> out = new LinkedHashMap<>();
        double seconds = measuredNanos / 1e9;
        out.put(Metric.THROUGHPUT_PER_S.name(), throughputPerSecond());
        out.put(ServerMetrics.REQUESTS_SENT.name(), (double) sent);
        out.put(LoadMetrics.OK.name(), (double) ok);
        out.put(ServerMetrics.REQUEST_ERRORS.name(), (double) errorCount());
        errors.forEach((k, v) -> out.put(k.metric(), (double) v));
        statuses.forEach((code, n) -> out.put(LoadMetrics.STATUS.named(String.valueOf(code)), (double) n));
        if (!Double.isNaN(targetRate)) {
            out.put(LoadMetrics.TARGET_RATE_PER_S.name(), targetRate);
            out.put(LoadMetrics.SENT_PER_S.name(), sent / seconds);
            out.put(LoadMetrics.QUEUED_REQUESTS.name(), (double) queued);
            if (generatorLag.getTotalCount() > 0) {
                out.put(LoadMetrics.GENERATOR_LAG_P99_MS.name(), ms(generatorLag.getValueAtPercentile(99)));
            }
        }
        servedBy.forEach((kind, n) -> {
            if (n > 0) {
                out.put(LoadMetrics.SERVED_BY.named(kind.replace('-', '_')), (double) n);
            }
        });
        out.put(ServerMetrics.CONNECTIONS_OPENED.name(), (double) connectionsOpened);
        out.put(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), basis.metricValue());
        if (basis == LatencyBasis.INTENDED_SEND && fromSend.getTotalCount() > 0) {
            MetricKey uncorrected = LoadMetrics.TASK_LATENCY_UNCORRECTED;
            out.put(uncorrected.named("p50"), ms(fromSend.getValueAtPercentile(50)));
            out.put(uncorrected.named("p90"), ms(fromSend.getValueAtPercentile(90)));
            out.put(uncorrected.named("p99"), ms(fromSend.getValueAtPercentile(99)));
            out.put(uncorrected.named("p999"), ms(fromSend.getValueAtPercentile(99.9)));
            out.put(uncorrected.named("max"), ms(fromSend.getMaxValue()));
        }
        return out;
    }

    /**
     * One line for a console: rate, answers, errors (by kind when there are any), p50/p99/max and where
     * the latency starts; without an answer, no percentiles; then how the generator ran, when known.
     */
    public String line() {
        return line(basis.description());
    }

    /** As {@link #line()}, saying where the latency starts in {@code latencyNote} (an engine's own words). */
    public String line(String latencyNote) {
        String errorsText = errorCount() + " errors" + (errorCount() > 0 ? " (" + errorKinds() + ")" : "");
        String ran = generator.isEmpty() ? "" : "; generator: " + generator;
        if (latency.getTotalCount() == 0) {
            return String.format(Locale.ROOT, "%.0f req/s, %d ok, %s, no answer to time%s", throughputPerSecond(), ok,
                    errorsText, ran);
        }
        return String.format(Locale.ROOT, "%.0f req/s, %d ok, %s, p50 %.1f ms, p99 %.1f ms, max %.1f ms, latency %s%s",
                throughputPerSecond(), ok, errorsText,
                ms(latency.getValueAtPercentile(50)), ms(latency.getValueAtPercentile(99)), ms(latency.getMaxValue()),
                latencyNote, ran);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
