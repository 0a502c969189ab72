package dev.loomlab.cli;

import dev.loomlab.core.outcome.LiveSample;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.function.ToDoubleFunction;

/**
 * The saturation of a server under load for {@code --metrics-port} (the names are a contract, listed in
 * docs/monitoring.md): its CPU, OS threads, resident memory and open connections, from the
 * {@link LiveSample.Server} samples of a {@link dev.loomlab.load.service.ProcSampler} — streamed by a web trial, or
 * made in this process by {@code load} and {@code serve}; and for the server {@code serve} started, what it reports
 * of itself ({@link ServedSaturation}): its request threads busy and their maximum, requests in flight, its
 * connection pool, and its GC pause share. Gauges read NaN until their first figure arrives, and for a figure the
 * machine or the server does not tell.
 */
final class ServerMetrics {
    // Read by the gauges; written by whoever feeds the samples.
    private volatile LiveSample.Server server;
    private volatile ServedSaturation.Figures served;

    ServerMetrics(MeterRegistry registry) {
        gauge(registry, "loomlab.server.cpu.ratio", null, "CPU of the server under load over the last second, share of all cores",
                LiveSample.Server::cpuRatio);
        gauge(registry, "loomlab.server.threads", null, "OS threads of the server under load", s -> count(s.threads()));
        gauge(registry, "loomlab.server.rss", "bytes", "resident memory of the server under load", s -> count(s.rssBytes()));
        gauge(registry, "loomlab.server.open.connections", null, "established TCP connections to the server's port",
                s -> count(s.openConnections()));
        served(registry, "loomlab.server.threads.busy", "threads of the served server's request pool serving a request now",
                ServedSaturation.Figures::threadsBusy);
        served(registry, "loomlab.server.threads.max", "the most threads of the served server's request pool",
                ServedSaturation.Figures::threadsMax);
        served(registry, "loomlab.server.requests.in.flight", "requests the served server has begun and not yet answered",
                ServedSaturation.Figures::requestsInFlight);
        served(registry, "loomlab.server.pool.active", "connections of the served server's database pool in use now",
                ServedSaturation.Figures::poolActive);
        served(registry, "loomlab.server.pool.pending", "callers waiting for a connection of that pool now",
                ServedSaturation.Figures::poolPending);
        served(registry, "loomlab.server.pool.max", "the most connections that pool opens", ServedSaturation.Figures::poolMax);
        served(registry, "loomlab.server.gc.pause.ratio",
                "share of the last interval the served server's stop-the-world collections took, 0..1",
                ServedSaturation.Figures::gcPauseRatio);
        served(registry, "loomlab.server.vt.pool.size", "carrier threads of the served server's virtual-thread scheduler (JDK 24+)",
                ServedSaturation.Figures::vtPoolSize);
        served(registry, "loomlab.server.vt.mounted", "virtual threads of the served server on a carrier now (JDK 24+)",
                ServedSaturation.Figures::vtMounted);
        served(registry, "loomlab.server.vt.queued", "virtual threads of the served server waiting for a carrier now (JDK 24+)",
                ServedSaturation.Figures::vtQueued);
        served(registry, "loomlab.server.timer.late.ms", "how late a 1 ms sleep of a virtual thread in the served server woke"
                + " since the last read, p99, ms", ServedSaturation.Figures::timerLateMs);
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

    private void served(MeterRegistry registry, String name, String description, ToDoubleFunction<ServedSaturation.Figures> read) {
        Gauge.builder(name, this, m -> {
            ServedSaturation.Figures f = m.served;
            return f == null ? Double.NaN : read.applyAsDouble(f);
        }).description(description).register(registry);
    }

    /** The server under load now. */
    void accept(LiveSample.Server sample) {
        server = sample;
    }

    /** What the served server reports of itself now. */
    void accept(ServedSaturation.Figures figures) {
        served = figures;
    }
}
