package dev.loomlab.report.compare;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Jdks;

/**
 * What makes a result in one run the same experiment as a result in another: scenario, model, parameters
 * and the JDK's feature version (21, 25 — an update within one feature version still matches).
 *
 * @param jdk the feature version, or {@code *} when JDKs are ignored (to compare a JDK upgrade)
 */
public record ResultKey(String scenario, String model, String params, String jdk) {

    public static ResultKey of(Result r, boolean anyJdk) {
        return new ResultKey(r.scenario(), r.model(), Fmt.params(r.params()), anyJdk ? "*" : Jdks.feature(r));
    }

    /** {@code sleep virtual tasks=2000 sleep=50ms (Java 25)}. */
    public String label() {
        return scenario + " " + model + (params.isEmpty() ? "" : " " + params) + (jdk.equals("*") ? "" : " (Java " + jdk + ")");
    }
}
