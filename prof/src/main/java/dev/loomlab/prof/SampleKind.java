package dev.loomlab.prof;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.loomlab.core.prof.JfrEvents;

import java.util.Locale;
import java.util.Set;

/**
 * What a profile's samples measure, by the JFR events that carry them. The same event types are written by
 * the JDK's Flight Recorder and by async-profiler's JFR output, so each kind reads both:
 * <ul>
 *   <li>{@code cpu}: {@code jdk.ExecutionSample}, a running thread's stack (JFR's method sampler; async-profiler's
 *       {@code cpu}, {@code itimer} and {@code ctimer} engines);</li>
 *   <li>{@code wall}: {@code profiler.WallClockSample}, any thread's stack, running or not (async-profiler's
 *       {@code wall} mode only: the JDK has no wall-clock sampler). One event may stand for several samples of an
 *       idle thread (its {@code samples} field), and counts as that many;</li>
 *   <li>{@code alloc}: {@code jdk.ObjectAllocationSample} (JFR), {@code jdk.ObjectAllocationInNewTLAB} and
 *       {@code jdk.ObjectAllocationOutsideTLAB} (async-profiler's {@code alloc}; JFR with those events on),
 *       one sample per event, not weighted by bytes;</li>
 *   <li>{@code lock}: {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark}, contended monitors and parks
 *       (async-profiler's {@code lock}; JFR above its threshold), one sample per event, not weighted by time.</li>
 * </ul>
 */
public enum SampleKind {
    CPU("CPU samples", Set.of(JfrEvents.EXECUTION_SAMPLE)),
    WALL("wall-clock samples", Set.of(SampleKind.WALL_CLOCK_SAMPLE)),
    ALLOC("allocation samples", Set.of("jdk.ObjectAllocationSample", "jdk.ObjectAllocationInNewTLAB",
            "jdk.ObjectAllocationOutsideTLAB")),
    LOCK("lock samples", Set.of(JfrEvents.MONITOR_ENTER, JfrEvents.THREAD_PARK));

    /** async-profiler's wall-clock sample event. */
    static final String WALL_CLOCK_SAMPLE = "profiler.WallClockSample";

    private final String label;
    private final Set<String> events;

    SampleKind(String label, Set<String> events) {
        this.label = label;
        this.events = events;
    }

    /** {@code cpu}, {@code wall}, {@code alloc} or {@code lock}: the name async-profiler gives the mode. */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What the samples are, e.g. {@code CPU samples}. */
    public String label() {
        return label;
    }

    /** The JFR event types whose events are this kind's samples. */
    public Set<String> events() {
        return events;
    }

    /** Why a recording without this kind's samples has none, for the line that says so. */
    String absence() {
        String names = String.join(", ", events.stream().sorted().toList());
        return this == WALL
                ? "no " + label + " (" + names + "): the JDK's Flight Recorder has no wall-clock sampler; async-profiler's wall mode records them"
                : "no " + label + " (" + names + ")";
    }

    /** The kind named {@code id} ({@code cpu}, {@code wall}, {@code alloc}, {@code lock}). */
    public static SampleKind of(String id) {
        for (SampleKind k : values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no sample kind " + id + " (cpu, wall, alloc or lock)");
    }
}
