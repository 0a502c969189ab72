package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The profilers of one trial (or one server), made before its warm-up and switched on for each measured
 * iteration. They resume in the order jfr, async, gc and pause in the reverse order, so gc's readings
 * sit closest to the timed span and leave out the other profilers' starting and stopping. Like each
 * profiler, {@link #resume}, {@link #pause} and {@link #finish} never throw.
 */
public final class IterationProfilers {
    private final List<IterationProfiler> profilers;

    private IterationProfilers(List<IterationProfiler> profilers) {
        this.profilers = List.copyOf(profilers);
    }

    /** No profiler: every call does nothing. */
    public static IterationProfilers none() {
        return new IterationProfilers(List.of());
    }

    /**
     * The profilers {@code specs} name. Each writes its file beside {@code base}, named {@code base}'s
     * file name plus {@link ProfilerSpec#fileSuffix} ({@code trial-3} → {@code trial-3.jfr},
     * {@code trial-3.async-cpu.jfr}). A profiler that cannot start here (no JFR module, a library that
     * does not load) is made anyway and reports its profile missing.
     *
     * @param libraryDir where async-profiler's native library is extracted; needed only with async
     */
    public static IterationProfilers of(List<ProfilerSpec> specs, Path base, Path libraryDir) {
        List<IterationProfiler> profilers = new ArrayList<>();
        for (ProfilerSpec spec : specs.stream().sorted(Comparator.comparing(ProfilerSpec::kind)).toList()) {
            profilers.add(switch (spec.kind()) {
                case JFR -> new JfrProfiler(fileFor(base, spec));
                case ASYNC -> new AsyncIterationProfiler(spec, fileFor(base, spec),
                        Objects.requireNonNull(libraryDir, "async-profiler needs a library directory"));
                case GC -> new GcProfiler();
            });
        }
        return new IterationProfilers(profilers);
    }

    /** Where {@code spec}'s profile goes for a trial whose files are named from {@code base}; null for gc. */
    public static Path fileFor(Path base, ProfilerSpec spec) {
        String suffix = spec.fileSuffix();
        return suffix == null ? null : base.resolveSibling(base.getFileName() + suffix);
    }

    /** The profilers, in the order they resume. */
    public List<IterationProfiler> profilers() {
        return profilers;
    }

    public boolean isEmpty() {
        return profilers.isEmpty();
    }

    /** Just before a measured iteration's timed span. */
    public void resume() {
        for (IterationProfiler p : profilers) {
            p.resume();
        }
    }

    /** Just after it: the profilers' metrics for the iteration. */
    public Map<String, Double> pause() {
        Map<String, Double> metrics = new LinkedHashMap<>();
        for (int i = profilers.size() - 1; i >= 0; i--) {
            metrics.putAll(profilers.get(i).pause());
        }
        return metrics;
    }

    /** At the end of the trial: every profile written, its record in the order the profilers resume. */
    public List<ProfileRecord> finish() {
        return profilers.stream().map(IterationProfiler::finish).toList();
    }
}
