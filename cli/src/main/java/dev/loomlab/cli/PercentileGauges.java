package dev.loomlab.cli;

import dev.loomlab.core.outcome.LiveSample;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Gauges of one latency's percentiles p50, p90, p99, p99.9 and max, in seconds, tagged {@code percentile} 50, 90, 99,
 * 99.9 and 100; each reads the latest sample its source holds, NaN before the first.
 */
final class PercentileGauges {
    private static final Map<String, ToDoubleFunction<LiveSample.Percentiles>> PERCENTILES = Map.of(
            "50", LiveSample.Percentiles::p50, "90", LiveSample.Percentiles::p90, "99", LiveSample.Percentiles::p99,
            "99.9", LiveSample.Percentiles::p999, "100", LiveSample.Percentiles::max);

    private PercentileGauges() {
    }

    /** @param latest the source's latest sample, or null before the first (the gauges hold the source weakly, as Micrometer does) */
    static <S> void register(MeterRegistry registry, String name, String description, S source,
                             Function<S, ? extends LiveSample.Percentiles> latest) {
        PERCENTILES.forEach((percentile, read) -> Gauge.builder(name, source, s -> {
                    LiveSample.Percentiles p = latest.apply(s);
                    return p == null ? Double.NaN : read.applyAsDouble(p);
                }).baseUnit("seconds").tag("percentile", percentile).description(description).register(registry));
    }
}
