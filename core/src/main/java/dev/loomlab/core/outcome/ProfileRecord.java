package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What one profiler left for a trial: its canonical spec (e.g. {@code async:cpu}), the files it
 * wrote (names, in the directory of the base path the trial gave), a note on how it ran (the sampling
 * engine async-profiler really used …) and, when the profile is missing, why. A profile with an error
 * has no files: the measurement keeps its figures, the profile alone is missing.
 *
 * @param profiler the spec, e.g. {@code async:cpu}
 * @param files    file names written, empty for gc and for a missing profile
 * @param note     how the profiler ran, or null when there is nothing to say
 * @param error    why the profile is missing, or null when it is complete
 * @param process  the JVM profiled when it is not the trial's own, e.g. {@code server MvcServer}; null for the trial
 */
public record ProfileRecord(String profiler, List<String> files, String note, String error,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String process) {

    public ProfileRecord {
        files = files == null ? List.of() : List.copyOf(files);
    }

    /** A record of the trial JVM's own profile. */
    public ProfileRecord(String profiler, List<String> files, String note, String error) {
        this(profiler, files, note, error, null);
    }

    /** This record, of the JVM {@code name} (a server the trial started). */
    public ProfileRecord of(String name) {
        return new ProfileRecord(profiler, files, note, error, name);
    }

    /** The profile of {@code spec} (a profiler whose {@code toString} is its canonical text), written to {@code files}. */
    public static ProfileRecord written(Object spec, List<String> files, String note) {
        return new ProfileRecord(spec.toString(), files, note, null);
    }

    /** The profile of {@code spec} is missing, {@code error} says why. */
    public static ProfileRecord missing(Object spec, String note, String error) {
        return new ProfileRecord(spec.toString(), List.of(), note, error);
    }

    /** True when the profile is missing ({@link #error} says why). */
    public boolean missing() {
        return error != null;
    }
}
