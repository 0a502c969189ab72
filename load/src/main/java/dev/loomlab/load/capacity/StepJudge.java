package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloTerm;
import dev.loomlab.load.GeneratorValidity;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.service.RunReadings;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Judges one step of a capacity search: an open-model load passes when it meets the objective (judged by
 * {@link Slo#judge}, as a finished {@code load} result is) and keeps up with the offered rate — its answers
 * per second at least {@value #KEEP_UP} of the rate. The second condition is what makes the answer a
 * sustainable rate: above its capacity a service's queue grows for as long as the load lasts, so its latency
 * breaks any objective given a long enough span, even where a short step's percentile still looks fine. A step whose
 * generator could not be trusted ({@link GeneratorValidity}) is {@code invalid}: neither passed nor failed.
 */
final class StepJudge {
    /**
     * A step keeps up when its answers per second are at least this share of the offered rate. The answers
     * counted are those that arrived within the measured span, whenever sent, so in a steady state they match
     * the requests sent in it to within the few in flight at its two ends: a shortfall of 1% is a queue growing.
     */
    static final double KEEP_UP = 0.99;
    /** A step that answered between these shares of the offered rate kept up or not within noise (a pause at an end). */
    static final double KEEP_UP_NOISE_LOW = 0.975;
    static final double KEEP_UP_NOISE_HIGH = 0.995;
    /** A latency figure below its limit by less than this factor is within noise. */
    static final double LATENCY_NOISE = 1.2;
    /**
     * A latency figure above its limit by less than this factor is within noise. Wider than below: a tail
     * percentile is lifted by a single pause of the machine, never lowered by one. Against {@code serve jdk
     * -p delay=10ms} a 5 s step at 32,000/s measured a p99 of 74 ms, where 31,000/s and 35,000/s measured 19 ms and
     * 36,000/s 135 ms.
     */
    static final double LATENCY_NOISE_ABOVE = 2.0;
    /**
     * As {@link #LATENCY_NOISE_ABOVE}, for a step that kept up with its rate: the target answered all it was offered,
     * so its tail came from a pause, not from a queue that grows, and a pause can lift a p99 further. Against
     * {@code serve jdk -p delay=10ms}, steps that kept up measured p99s of 105 and 124 ms (p50 11–12 ms) at 30,000 and
     * 32,000/s, where the next search on the same server passed 32,000/s twice with 24 ms.
     */
    static final double LATENCY_NOISE_ABOVE_KEPT_UP = 3.0;
    /** An error share within this factor of its limit (either side) is within noise. */
    static final double ERRORS_NOISE = 2.0;
    /**
     * A step that answered at least this share of the offered rate worked off a queue during its span: its
     * latency came from a backlog carried in from before the span (the warm-up's transient: connections
     * opening, a pause), not from a queue that grows, and a failure on latency alone is measured again. At
     * 32,000/s against {@code serve jdk -p delay=10ms}, a step straight after 16,000/s answered 32,200/s with a
     * p50 of 26 ms and a p99 of 200 ms; 31,000/s passed later in the same search with a p99 of 25 ms.
     */
    static final double DRAINING = 1.005;
    /**
     * A failed step is the generator's when its own lateness (p99) reaches this share of the tightest latency
     * limit: the requests were late before the target saw them ({@link GeneratorValidity#LAG_SHARE}).
     */
    static final double LATE_SHARE = GeneratorValidity.LAG_SHARE;

    private final Slo slo;
    private final boolean judgesGenerator;

    /** A judge of steps against {@code slo} that marks a step whose generator cannot be trusted {@code invalid}. */
    StepJudge(Slo slo) {
        this(slo, true);
    }

    /** @param judgesGenerator false where the generator itself is measured (its ceiling): no step is invalid */
    StepJudge(Slo slo, boolean judgesGenerator) {
        this.slo = slo;
        this.judgesGenerator = judgesGenerator;
    }

    /** As {@link #judge(LoadSpec, LoadReport, RunReadings)}, with nothing read beside the report. */
    CapacityStep judge(LoadSpec spec, LoadReport report) {
        return judge(spec, report, RunReadings.NONE);
    }

    /**
     * The step that {@code report} measured under {@code spec} (an open-model load at the step's rate), judged on the
     * figures a result of it would hold, without making one; with what {@code readings} read beside it (the generator's
     * CPU, the service's figures).
     */
    CapacityStep judge(LoadSpec spec, LoadReport report, RunReadings readings) {
        double rate = spec.rate();
        List<String> reasons = new ArrayList<>();
        // A verdict lies within noise when it could flip: a pass with a criterion near its limit, or a failure
        // whose every failing criterion is near its limit.
        boolean nearPass = false;
        boolean farFail = false;
        boolean farLatencyFail = false;
        double errorsPct = report.sent() == 0 ? 0 : 100.0 * report.errorCount() / report.sent();
        Histogram latency = report.latency();
        double kept = report.throughputPerSecond() / rate;
        double above = kept >= KEEP_UP ? LATENCY_NOISE_ABOVE_KEPT_UP : LATENCY_NOISE_ABOVE;
        if (report.ok() == 0) {
            reasons.add("no request succeeded: " + report.sent() + " sent, errors: " + report.errorKinds());
            farFail = true;
        } else {
            Map<String, Object> figures = LoadScenario.figures(report);
            for (SloTerm term : slo.terms()) {
                boolean near = nearLimit(term, latency, errorsPct, report.throughputPerSecond(), above);
                Optional<String> breach = term.breach(figures);
                breach.ifPresent(reasons::add);
                nearPass |= breach.isEmpty() && near;
                if (term instanceof SloTerm.Latency) {
                    farLatencyFail |= breach.isPresent() && !near;
                } else {
                    farFail |= breach.isPresent() && !near;
                }
            }
        }
        boolean keptNear = kept >= KEEP_UP_NOISE_LOW && kept < KEEP_UP_NOISE_HIGH;
        if (kept < KEEP_UP) {
            // one decimal near the threshold: 98.9% must not read as the 99% it missed
            reasons.add(String.format(Locale.ROOT, kept >= 0.9 ? "answered %s/s of %s/s offered (%.1f%%): not keeping up"
                            : "answered %s/s of %s/s offered (%.0f%%): not keeping up",
                    Slo.figure(report.throughputPerSecond()), Slo.figure(rate), 100 * kept));
            farFail |= !keptNear;
        } else {
            nearPass |= keptNear;
        }
        boolean draining = kept >= DRAINING;
        boolean marginal = reasons.isEmpty() ? nearPass : !farFail && (!farLatencyFail || draining);
        Double lag = report.generatorLag().getTotalCount() == 0 ? null : ms(report.generatorLag().getValueAtPercentile(99));
        boolean late = !reasons.isEmpty() && lag != null && tightestLatencyMs().map(l -> lag >= LATE_SHARE * l).orElse(false);
        boolean answered = latency.getTotalCount() > 0;
        String invalid = judgesGenerator
                ? GeneratorValidity.judge(lag, Optional.of(slo), readings.generatorCpuPct(), readings.generatorCores()).orElse(null)
                : null;
        Map<String, Long> kinds = new LinkedHashMap<>();
        report.errors().forEach((kind, n) -> {
            if (n > 0) {
                kinds.put(kind.name().toLowerCase(Locale.ROOT), n);
            }
        });
        return new CapacityStep(rate, reasons.isEmpty() && invalid == null, reasons, report.throughputPerSecond(), report.sent(),
                errorsPct, answered ? ms(latency.getValueAtPercentile(50)) : null,
                answered ? ms(latency.getValueAtPercentile(90)) : null, answered ? ms(latency.getValueAtPercentile(99)) : null,
                answered ? ms(latency.getValueAtPercentile(99.9)) : null, answered ? ms(latency.getMaxValue()) : null, lag,
                report.measuredNanos() / 1e9, marginal, late, invalid, readings.generatorCpuPct(), kinds, spec.connections(),
                report.queued(), report.fromSend().getTotalCount() == 0 ? null : ms(report.fromSend().getValueAtPercentile(50)),
                readings.service());
    }

    /** The objective's tightest latency limit, ms; empty when it has no latency term. */
    private Optional<Double> tightestLatencyMs() {
        return slo.terms().stream().filter(t -> t instanceof SloTerm.Latency)
                .map(t -> ((SloTerm.Latency) t).limitNanos() / 1e6).min(Double::compare);
    }

    /**
     * True when {@code term}'s figure lies within noise of its limit, on either side; a latency figure up to
     * {@code above} times its limit.
     */
    private static boolean nearLimit(SloTerm term, Histogram latency, double errorsPct, double throughput, double above) {
        return switch (term) {
            case SloTerm.Latency l -> {
                if (latency.getTotalCount() == 0) {
                    yield false;
                }
                double figure = l.name().equals("max") ? latency.getMaxValue()
                        : latency.getValueAtPercentile(percentile(l.name()));
                yield figure >= l.limitNanos() / LATENCY_NOISE && figure <= l.limitNanos() * above;
            }
            case SloTerm.Errors e -> within(errorsPct, e.limitPct(), ERRORS_NOISE);
            case SloTerm.Rate r -> within(throughput, r.floorPerS(), LATENCY_NOISE);
        };
    }

    private static boolean within(double figure, double limit, double factor) {
        return figure >= limit / factor && figure <= limit * factor;
    }

    /** The percentile a latency term names: {@code p99} → 99, {@code p999} → 99.9. */
    static double percentile(String name) {
        return switch (name) {
            case "p50" -> 50;
            case "p90" -> 90;
            case "p99" -> 99;
            case "p999" -> 99.9;
            case "max" -> 100;
            default -> throw new IllegalArgumentException("no percentile " + name);
        };
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
