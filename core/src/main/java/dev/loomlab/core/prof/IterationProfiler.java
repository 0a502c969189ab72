package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import java.util.Map;

/**
 * A profiler inside the measured JVM, switched on for each measured iteration's timed span only: warm-up
 * iterations and the work between iterations are not in its profile. None of its methods throws: a
 * profiler that fails is recorded as failed, stops profiling, and {@link #finish} reports its profile
 * missing while the measurement goes on.
 */
public interface IterationProfiler {

    /** The profiler this is. */
    ProfilerSpec spec();

    /** Just before a measured iteration's timed span. */
    void resume();

    /**
     * Just after that span: stops profiling until the next {@link #resume}.
     *
     * @return this iteration's metrics (names end in their unit), empty for profilers that write files
     */
    Map<String, Double> pause();

    /**
     * At the end of the trial: writes the profile (once; later calls return the same record). An
     * iteration still profiled (one that threw before {@link #pause}) is stopped there and kept.
     */
    ProfileRecord finish();
}
