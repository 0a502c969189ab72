package dev.loomlab.core.catalog;

import dev.loomlab.core.fanout.FanoutWorkload;
import dev.loomlab.core.memory.MemoryMetrics;
import dev.loomlab.core.scheduler.StarvationMetrics;
import dev.loomlab.core.pinning.PinningWorkload;
import dev.loomlab.core.prof.ProfilerMetrics;
import dev.loomlab.core.semaphore.SemaphoreWorkload;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.threadlocal.ThreadLocalWorkload;
import dev.loomlab.core.workload.FailedCalls;

import java.util.ArrayList;
import java.util.List;

/**
 * Core's metric keys: the standard probes', core's scenarios' own, the profilers', and those that other
 * modules produce while core or the reports read them: a server under test's, the requests sent to it, the
 * db scenario's connection pool.
 */
public final class CoreMetrics implements MetricProvider {
    @Override
    public List<MetricKey> metrics() {
        List<MetricKey> all = new ArrayList<>(Metric.ALL);
        all.add(PinningWorkload.PINNED_BOUND_MS);
        all.add(FailedCalls.METRIC);
        all.addAll(FanoutWorkload.METRICS);
        all.addAll(SemaphoreWorkload.METRICS);
        all.add(ThreadLocalWorkload.OBJECTS_CREATED);
        all.addAll(MemoryMetrics.ALL);
        all.addAll(StarvationMetrics.ALL);
        all.addAll(ProfilerMetrics.ALL);
        all.addAll(ServerMetrics.OWN);
        all.addAll(ServerMetrics.CLIENT_COUNTS);
        all.addAll(ServerMetrics.DB_POOL);
        return all;
    }
}
