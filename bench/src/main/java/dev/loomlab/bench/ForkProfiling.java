package dev.loomlab.bench;

import dev.loomlab.core.prof.ChildProfiling;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A JMH profiler that runs loomlab's {@code --prof} profilers in each JMH fork ({@link ChildProfiling}, from
 * the system properties the trial gave the forks): resumed just before each measured iteration, paused just
 * after it, written after the last one. Warm-up iterations are not profiled.
 */
public final class ForkProfiling implements InternalProfiler {
    private static ChildProfiling profiling;
    private int measured;

    @Override
    public String getDescription() {
        return "loomlab: --prof around the measured iterations";
    }

    private static synchronized ChildProfiling profiling() {
        if (profiling == null) {
            profiling = ChildProfiling.fromProperties();
        }
        return profiling;
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        ChildProfiling p = profiling();
        if (iterationParams.getType() == IterationType.MEASUREMENT) {
            p.resume();
        }
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                 IterationResult result) {
        if (iterationParams.getType() == IterationType.MEASUREMENT) {
            ChildProfiling p = profiling();
            p.pause();
            if (++measured == iterationParams.getCount()) {
                try {
                    p.finish();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return List.of();
    }
}
