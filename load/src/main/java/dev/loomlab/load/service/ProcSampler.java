package dev.loomlab.load.service;

import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.probe.HelperThreads;
import dev.loomlab.core.server.ServerMetrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Samples another process once a second while a load runs, as article 003 advises: CPU (its CPU time
 * over the wall time, as a share of all cores), resident memory and threads (Linux
 * {@code /proc/<pid>/status}: VmRSS, Threads). Where {@code /proc} is missing, the memory and thread
 * figures are absent rather than wrong. Given a listener, it also hands it each sample as a
 * {@link LiveSample.Server}, with the connections open to the server's port ({@link TcpSockets}).
 */
public final class ProcSampler implements AutoCloseable {
    /** How often it samples. */
    public static final Duration PERIOD = Duration.ofSeconds(1);

    private final long pid;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private volatile boolean running = true;
    private final Thread thread;
    private long cpuStart;
    private long wallStart;
    private double rssPeakMb = Double.NaN;
    private double threadsPeak = Double.NaN;
    private final int port;
    private final Consumer<LiveSample.Server> live;
    private long cpuLast;
    private long wallLast;

    /** Starts sampling {@code pid} now. */
    public ProcSampler(long pid) {
        this(pid, 0, null);
    }

    /** Starts sampling {@code pid}, the server on {@code port}, now; each sample also goes to {@code live}. */
    public ProcSampler(long pid, int port, Consumer<LiveSample.Server> live) {
        this.pid = pid;
        this.port = port;
        this.live = live;
        this.cpuStart = cpuNanos();
        this.wallStart = System.nanoTime();
        this.cpuLast = cpuStart;
        this.wallLast = wallStart;
        sample();
        this.thread = HelperThreads.start("loomlab-proc-sampler", this::loop);
    }

    private void loop() {
        while (running) {
            LockSupport.parkNanos(PERIOD.toNanos());
            if (running) {
                sample();
            }
        }
    }

    /** A process's resident set (kB) and OS threads, from {@code /proc/<pid>/status}; -1 for what could not be read. */
    public record Status(long rssKb, long threads) {
    }

    /** Process {@code pid}'s resident set and threads now; -1 each off Linux or when it is gone. */
    public static Status status(long pid) {
        long rssKb = -1;
        long threads = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rssKb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                } else if (line.startsWith("Threads:")) {
                    threads = Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or the process is gone
        }
        return new Status(rssKb, threads);
    }

    private synchronized void sample() {
        Status now = status(pid);
        long rssKb = now.rssKb();
        long threads = now.threads();
        // not Linux, or the process is gone: the peaks stay as they were
        if (rssKb >= 0) {
            rssPeakMb = max(rssPeakMb, rssKb / 1024.0);
        }
        if (threads >= 0) {
            threadsPeak = max(threadsPeak, threads);
        }
        if (live != null) {
            live.accept(new LiveSample.Server(cpuSinceLast(), threads, rssKb < 0 ? -1 : rssKb * 1024, TcpSockets.established(port)));
        }
    }

    /**
     * CPU since the last sample over its wall time, as a share of all cores; NaN when unread or when less
     * than half a period passed (the CPU time's ticks of 10 ms would make it noise).
     */
    private double cpuSinceLast() {
        long cpu = cpuNanos();
        long wall = System.nanoTime();
        if (cpu < 0 || cpuLast < 0 || wall - wallLast < PERIOD.toNanos() / 2) {
            return Double.NaN;
        }
        double ratio = Math.max(0, cpu - cpuLast) / ((double) (wall - wallLast) * cores);
        cpuLast = cpu;
        wallLast = wall;
        return ratio;
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) ? b : Math.max(a, b);
    }

    private long cpuNanos() {
        return cpuNanos(pid);
    }

    /** The CPU time process {@code pid} has used so far, ns; -1 when it cannot be read (gone, or not this machine's). */
    public static long cpuNanos(long pid) {
        Optional<Duration> cpu = ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration());
        return cpu.map(Duration::toNanos).orElse(-1L);
    }

    /**
     * Stops and returns {@code server_cpu_pct} (mean CPU over the span, % of all cores),
     * {@code server_peak_rss_mb} (largest VmRSS sampled) and {@code server_threads_peak} (OS threads,
     * largest sampled); a figure that could not be read is left out.
     */
    public synchronized Map<String, Double> stop() {
        running = false;
        LockSupport.unpark(thread);
        sample();
        long cpu = cpuNanos();
        long wall = System.nanoTime() - wallStart;
        Map<String, Double> out = new LinkedHashMap<>();
        if (cpu >= 0 && cpuStart >= 0 && wall > 0) {
            out.put(ServerMetrics.SERVER_CPU_PCT.name(), 100.0 * (cpu - cpuStart) / ((double) wall * cores));
        }
        if (!Double.isNaN(rssPeakMb)) {
            out.put(ServerMetrics.SERVER_PEAK_RSS_MB.name(), rssPeakMb);
        }
        if (!Double.isNaN(threadsPeak)) {
            out.put(ServerMetrics.SERVER_THREADS_PEAK.name(), threadsPeak);
        }
        return out;
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
