package dev.loomlab.report.analysis;

import dev.loomlab.core.outcome.JavaVersion;
import dev.loomlab.core.result.Result;

import java.util.Collection;

/** The JDK a result ran on as people name it: its feature version ({@code 25} for {@code 25.0.3+9-LTS}). */
public final class Jdks {
    private Jdks() {
    }

    /** The feature version, or {@code ?} when the result does not say. */
    public static String feature(Result r) {
        return r.jvm() == null ? "?" : feature(r.jvm().version());
    }

    /** The feature release of a version text ({@code 21} of {@code 21.0.8+9-LTS}), or the text itself when it names none. */
    public static String feature(String version) {
        return JavaVersion.featureOf(version);
    }

    /** True when the results ran on more than one JDK feature version. */
    public static boolean several(Collection<Result> results) {
        return results.stream().map(Jdks::feature).distinct().count() > 1;
    }
}
