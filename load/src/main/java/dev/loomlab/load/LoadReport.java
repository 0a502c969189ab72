package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The outcome of one measured load run: requests sent in the measured span and how each ended (answered
 * ok, or an error by kind; status codes), the answers that arrived within the span,
 * the serving-thread kinds the server named, and latency histograms (ns) of the requests sent in the
 * span, from the intended send time
 * (corrected) and from the actual one (uncorrected).
 *
 * @param okInSpan successful answers that arrived within the measured span, whenever sent
 * @param measuredNanos length of the measured span (the duration), ns
 * @param targetRate requests per second the open model's schedule asked for in that span (NaN: closed model)
 */
public record LoadReport(long sent, long ok, long okInSpan, Map<RequestError, Long> errors, Map<Integer, Long> statuses,
                         Map<String, Long> servedBy, long connectionsOpened, Histogram corrected, Histogram uncorrected,
                         long measuredNanos, double targetRate) {

    static LoadReport of(LoopStats all, long measuredNanos, double targetRate) {
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
        return new LoadReport(all.sent, all.ok, all.okInSpan, errors, statuses, servedBy, all.connectionsOpened, all.corrected,
                all.uncorrected, measuredNanos, targetRate);
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
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
     * {@code connections_opened}, and {@code task_latency_uncorrected_<p>_ms} for p50, p90, p99, p999, max.
     */
    public Map<String, Double> metrics() {
        Map<String, Double> out = new LinkedHashMap<>();
        double seconds = measuredNanos / 1e9;
        out.put("throughput_per_s", throughputPerSecond());
        out.put("requests", (double) sent);
        out.put("ok", (double) ok);
        out.put("errors", (double) errorCount());
        errors.forEach((k, v) -> out.put(k.metric(), (double) v));
        statuses.forEach((code, n) -> out.put("status_" + code, (double) n));
        if (!Double.isNaN(targetRate)) {
            out.put("target_rate_per_s", targetRate);
            out.put("sent_per_s", sent / seconds);
        }
        servedBy.forEach((kind, n) -> {
            if (n > 0) {
                out.put("served_by_" + kind.replace('-', '_'), (double) n);
            }
        });
        out.put("connections_opened", (double) connectionsOpened);
        if (uncorrected.getTotalCount() > 0) {
            out.put("task_latency_uncorrected_p50_ms", ms(uncorrected.getValueAtPercentile(50)));
            out.put("task_latency_uncorrected_p90_ms", ms(uncorrected.getValueAtPercentile(90)));
            out.put("task_latency_uncorrected_p99_ms", ms(uncorrected.getValueAtPercentile(99)));
            out.put("task_latency_uncorrected_p999_ms", ms(uncorrected.getValueAtPercentile(99.9)));
            out.put("task_latency_uncorrected_max_ms", ms(uncorrected.getMaxValue()));
        }
        return out;
    }

    /** One line for a console: rate, answers, errors, corrected p50/p99/max. */
    public String line() {
        return String.format(Locale.ROOT, "%.0f req/s, %d ok, %d errors, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                throughputPerSecond(), ok, errorCount(),
                ms(corrected.getValueAtPercentile(50)), ms(corrected.getValueAtPercentile(99)), ms(corrected.getMaxValue()));
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
