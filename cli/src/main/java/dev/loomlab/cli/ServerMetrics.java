package dev.loomlab.cli;

import dev.loomlab.core.outcome.LiveSample;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.function.ToDoubleFunction;

/**
 * The saturation of a server under load for {@code --metrics-port} (the names are a contract, listed in
 * docs/monitoring.md): its CPU, OS threads, resident memory and open connections, from the
 * {@link LiveSample.Server} samples of a {@link dev.loomlab.load.web.ProcSampler} — streamed by a web trial, or
 * made in this process by {@code load} and {@code serve}. Gauges read NaN until their first figure arrives,
 * and for a figure the machine does not tell.
 */
final class ServerMetrics {
    // Read by the gauges; written by whoever feeds the samples.
    private volatile LiveSample.Server server;

    ServerMetrics(MeterRegistry registry) {
        gauge(registry, "loomlab.server.cpu.ratio", null, "CPU of the server under load over the last second, share of all cores",
                LiveSample.Server::cpuRatio);
        gauge(registry, "loomlab.server.threads", null, "OS threads of the server under load", s -> count(s.threads()));
        gauge(registry, "loomlab.server.rss", "bytes", "resident memory of the server under load", s -> count(s.rssBytes()));
        gauge(registry, "loomlab.server.open.connections", null, "established TCP connections to the server's port",
                s -> count(s.openConnections()));
    }

    private static double count(long n) {
        return n < 0 ? Double.NaN : n;
    }

    private void gauge(MeterRegistry registry, String name, String unit, String description, ToDoubleFunction<LiveSample.Server> read) {
        Gauge.builder(name, this, m -> {
            LiveSample.Server s = m.server;
            return s == null ? Double.NaN : read.applyAsDouble(s);
        }).baseUnit(unit).description(description).register(registry);
    }

    /** The server under load now. */
    void accept(LiveSample.Server sample) {
        server = sample;
    }
}
