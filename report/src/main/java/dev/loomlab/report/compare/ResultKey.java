package dev.loomlab.report.compare;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Jdks;
import dev.loomlab.load.LoadParams;
import dev.loomlab.load.LoadScenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What makes a result in one run the same experiment as a result in another: scenario, model, parameters
 * and the JDK's feature version (21, 25 — an update within one feature version still matches). A {@code load
 * --find-max} result's {@code connections} is left out: unless given, it is the largest pool any of its steps opened,
 * which follows the rates the search tried, so two targets of different capacity would never match.
 *
 * @param jdk the feature version, or {@code *} when JDKs are ignored (to compare a JDK upgrade)
 */
public record ResultKey(String scenario, String model, String params, String jdk) {

    public static ResultKey of(Result r, boolean anyJdk) {
        Map<String, Object> params = r.params();
        if (r.scenario().equals(LoadScenario.NAME) && LoadParams.MAX.equals(String.valueOf(params.get(LoadParams.RATE)))) {
            params = new LinkedHashMap<>(params);
            params.remove(LoadParams.CONNECTIONS);
        }
        return new ResultKey(r.scenario(), r.model(), Fmt.params(params), anyJdk ? "*" : Jdks.feature(r));
    }

    /** {@code sleep virtual tasks=2000 sleep=50ms (Java 25)}. */
    public String label() {
        return scenario + " " + model + (params.isEmpty() ? "" : " " + params) + (jdk.equals("*") ? "" : " (Java " + jdk + ")");
    }
}
