package dev.loomlab.core.prof;

import java.util.List;

/**
 * What one profiler left for a trial: its canonical spec ({@link ProfilerSpec#toString}), the files it
 * wrote (names, in the directory of the base path the trial gave), a note on how it ran (the sampling
 * engine async-profiler really used …) and, when the profile is missing, why. A profile with an error
 * has no files: the measurement keeps its figures, the profile alone is missing.
 *
 * @param profiler the spec, e.g. {@code async:cpu}
 * @param files    file names written, empty for gc and for a missing profile
 * @param note     how the profiler ran, or null when there is nothing to say
 * @param error    why the profile is missing, or null when it is complete
 */
public record ProfileRecord(String profiler, List<String> files, String note, String error) {

    public ProfileRecord {
        files = files == null ? List.of() : List.copyOf(files);
    }

    static ProfileRecord written(ProfilerSpec spec, List<String> files, String note) {
        return new ProfileRecord(spec.toString(), files, note, null);
    }

    static ProfileRecord missing(ProfilerSpec spec, String note, String error) {
        return new ProfileRecord(spec.toString(), List.of(), note, error);
    }

    /** True when the profile is missing ({@link #error} says why). */
    public boolean missing() {
        return error != null;
    }
}
