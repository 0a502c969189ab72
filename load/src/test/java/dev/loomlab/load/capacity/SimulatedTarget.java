package dev.loomlab.load.capacity;

import dev.loomlab.load.LatencyBasis;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.RequestError;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;

/**
 * A target whose load reports are made up from its capacity, so a search can be checked against figures the
 * test knows: below its capacity every request is answered after {@code fast} ns; above it, the target answers
 * {@code capacity} per second and the rest wait {@code slow} ns. It records every rate it was loaded at.
 */
final class SimulatedTarget implements CapacitySearcher.StepLoad {
    final List<Double> rates = new ArrayList<>();
    private final DoubleFunction<LoadReport> reports;

    private SimulatedTarget(DoubleFunction<LoadReport> reports) {
        this.reports = reports;
    }

    /** A target that sustains {@code capacity} requests per second. */
    static SimulatedTarget withCapacity(double capacity, long fastNanos, long slowNanos) {
        return new SimulatedTarget(rate -> report(rate, Math.min(rate, capacity), rate <= capacity ? fastNanos : slowNanos, 0));
    }

    /** A target whose report at each rate {@code reports} makes. */
    static SimulatedTarget of(DoubleFunction<LoadReport> reports) {
        return new SimulatedTarget(reports);
    }

    @Override
    public LoadReport run(LoadSpec spec) {
        rates.add(spec.rate());
        return reports.apply(spec.rate());
    }

    static final CapacitySearcher.StepSpec SPECS = (rate, warmup, measured, timeout) -> LoadSpec.open(
            java.net.URI.create("http://127.0.0.1:9/"), rate, 1000, warmup, measured, dev.loomlab.load.Ramp.CONSTANT, timeout, null);

    /**
     * A 10 s open-model report: {@code rate} per second offered, {@code answered} per second answered ok within the
     * span, every answer's latency {@code latencyNanos}, and {@code errors} requests failed by timeout.
     */
    static LoadReport report(double rate, double answered, long latencyNanos, long errors) {
        return report(rate, answered, latencyNanos, errors, 100_000);
    }

    /** As {@link #report(double, double, long, long)}, the generator {@code lagNanos} late writing every request. */
    static LoadReport report(double rate, double answered, long latencyNanos, long errors, long lagNanos) {
        long seconds = 10;
        long sent = Math.round(rate * seconds);
        long ok = Math.round(answered * seconds);
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(latencyNanos, Math.max(1, ok));
        Histogram lag = new Histogram(3);
        lag.recordValueWithCount(lagNanos, Math.max(1, sent));
        Map<RequestError, Long> byKind = new EnumMap<>(RequestError.class);
        for (RequestError e : RequestError.values()) {
            byKind.put(e, e == RequestError.TIMEOUT ? errors : 0L);
        }
        return new LoadReport(sent, ok, ok, byKind, Map.of(200, ok), Map.of(), 10, LatencyBasis.INTENDED_SEND, latency,
                latency, seconds * 1_000_000_000L, rate, lag, 0);
    }
}
