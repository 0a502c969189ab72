package dev.loomlab.cli;

import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.load.RequestError;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The golden signals of HTTP load for {@code --metrics-port} (the names are a contract, listed in
 * docs/monitoring.md): requests by outcome, errors by kind, the last second's latency percentiles (the
 * server's saturation is {@link ServerMetrics}). Fed by {@link LiveSample.Http} samples, whether a trial
 * JVM streamed them ({@code run web}) or this process made them ({@code load}). The latency gauges read NaN
 * until their first figure arrives, and in a second without an answer.
 */
final class HttpMetrics {
    private final MeterRegistry registry;
    private final Counter ok;
    private final Counter failed;
    private final Map<String, Counter> errors = new ConcurrentHashMap<>();
    // Read by the gauges; written by whoever feeds the samples.
    private volatile LiveSample.Http latency;

    HttpMetrics(MeterRegistry registry) {
        this.registry = registry;
        ok = requests("ok");
        failed = requests("error");
        for (RequestError kind : RequestError.values()) {
            errors(kind.name().toLowerCase(Locale.ROOT));
        }
        PercentileGauges.register(registry, "loomlab.http.latency",
                "latency of the HTTP answers of the last second (from the intended send for an open load)", this, m -> m.latency);
    }

    private Counter requests(String outcome) {
        return Counter.builder("loomlab.http.requests").tag("outcome", outcome)
                .description("HTTP requests of the load's measured spans that ended, by outcome: ok or error").register(registry);
    }

    private Counter errors(String kind) {
        return errors.computeIfAbsent(kind, k -> Counter.builder("loomlab.http.errors").tag("kind", k)
                .description("failed HTTP requests by kind: connect, timeout, reset, status, content, other").register(registry));
    }

    /** A new source of {@link LiveSample.Http}: one trial JVM, or one {@code loomlab load}. */
    Feed feed() {
        return new Feed();
    }

    /** One source's view: the totals it streams, since its load run started, become increments. */
    final class Feed {
        private int run;
        private long okBefore;
        private final Map<String, Long> errorsBefore = new HashMap<>();

        synchronized void accept(LiveSample.Http sample) {
            if (sample.run() != run) {
                run = sample.run();
                okBefore = 0;
                errorsBefore.clear();
            }
            if (sample.ok() > okBefore) {
                ok.increment(sample.ok() - okBefore);
                okBefore = sample.ok();
            }
            sample.errors().forEach((kind, n) -> {
                long before = errorsBefore.getOrDefault(kind, 0L);
                if (n > before) {
                    errors(kind).increment(n - before);
                    failed.increment(n - before);
                    errorsBefore.put(kind, n);
                }
            });
            latency = sample;
        }
    }
}
