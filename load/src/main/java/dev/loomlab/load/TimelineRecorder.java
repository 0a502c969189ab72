package dev.loomlab.load;

import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.load.service.ProcSampler;
import org.HdrHistogram.Histogram;

import dev.loomlab.core.probe.HelperThreads;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Builds a {@link Timeline} from a load run's progress, which comes once a second on the thread that runs the load (the
 * open model's sender): at each measured second it reads the server's process ({@code /proc}: CPU, resident set,
 * threads, quick local reads) and takes the server's own figures ({@code stats}: heap after the last collection, pause
 * time, pool) as a thread of its own last asked for them, so that a slow reply never holds the load up. Points count
 * from the first measured beat: the seconds before it are the warm-up's.
 */
public final class TimelineRecorder {
    private final long pid;
    private final Supplier<Map<String, Double>> stats;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final List<Timeline.Point> points = new ArrayList<>();
    private long lastNanos = -1;
    private long lastOk;
    private long lastErrors;
    private long lastCpu = -1;
    private double lastGcMs = Double.NaN;
    private final LatencyWindow latencies = new LatencyWindow();
    private long measuredFrom = -1;
    private volatile Map<String, Double> latest = Map.of();
    private volatile boolean stopping;
    private final Thread asker;

    /**
     * Starts asking the server for its figures, once a second until {@link #timeline}.
     *
     * @param pid   the server's process; -1 when not known
     * @param stats the server's figures by stat name ({@code heap_after_gc_mb}, {@code gc_pause_ms}, …); empty if none
     */
    public TimelineRecorder(long pid, Supplier<Map<String, Double>> stats) {
        this.pid = pid;
        this.stats = stats;
        this.asker = HelperThreads.start("loomlab-timeline", this::ask);
    }

    private void ask() {
        while (!stopping) {
            latest = safeStats();
            LockSupport.parkNanos(ProcSampler.PERIOD.toNanos());
        }
    }

    /** Takes one progress beat: a point when it is a measured one; the last beat before those is where they count from. */
    public void tick(LoadProgress p) {
        if (!p.phase().equals("measuring")) {
            return;
        }
        long now = p.elapsedNanos();
        Map<String, Double> s = latest;
        long cpu = ProcSampler.cpuNanos(pid);
        Double gcTotal = s.get(ServerMetrics.stat(ServerMetrics.SERVER_GC_PAUSE_MS));
        if (lastNanos >= 0 && now > lastNanos) {
            double seconds = (now - lastNanos) / 1e9;
            ProcSampler.Status status = ProcSampler.status(pid);
            points.add(new Timeline.Point(Math.max(0, now - measuredFrom) / 1e9, (p.ok() - lastOk) / seconds,
                    (p.errors() - lastErrors) / seconds, p99Ms(p.latency()),
                    cpu >= 0 && lastCpu >= 0 ? 100.0 * (cpu - lastCpu) / ((now - lastNanos) * (double) cores) : null,
                    status.rssKb() < 0 ? null : status.rssKb() / 1024.0, status.threads() < 0 ? null : (double) status.threads(),
                    s.get(ServerMetrics.stat(ServerMetrics.SERVER_HEAP_AFTER_GC_MB)),
                    gcTotal == null || Double.isNaN(lastGcMs) ? null : Math.max(0, gcTotal - lastGcMs),
                    s.get(ServerMetrics.stat(ServerMetrics.SERVER_POOL_ACTIVE)),
                    s.get(ServerMetrics.stat(ServerMetrics.SERVER_POOL_PENDING)),
                    s.get(ServerMetrics.stat(ServerMetrics.SERVER_VT_QUEUED)),
                    s.get(ServerMetrics.stat(ServerMetrics.SERVER_TIMER_LATE_RECENT_P99_MS))));
        } else {
            measuredFrom = now;
            latencies.next(p.latency());
        }
        lastNanos = now;
        lastOk = p.ok();
        lastErrors = p.errors();
        lastCpu = cpu;
        lastGcMs = gcTotal == null ? Double.NaN : gcTotal;
    }

    /** The p99 of what {@code now} recorded beyond the last beat's copy, ms; null without latencies or answers. */
    private Double p99Ms(Histogram now) {
        Histogram window = latencies.next(now);
        return window == null || window.getTotalCount() == 0 ? null : window.getValueAtPercentile(99) / 1e6;
    }

    /** The server's figures; none when it does not answer (it may have died: the load then records why). */
    private Map<String, Double> safeStats() {
        try {
            return stats.get();
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    /** Stops asking the server; the timeline of measured run {@code iteration}, null when no measured second passed. */
    public Timeline timeline(int iteration) {
        stopping = true;
        LockSupport.unpark(asker);
        return points.isEmpty() ? null : new Timeline(iteration, List.copyOf(points));
    }
}
