package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.text.Fmt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results that compare models under the same conditions: one scenario × parameters × JDK.
 *
 * @param jdk the JDK's feature version ({@link Jdks#feature})
 * @param results in the order they were recorded
 */
public record Experiment(String scenario, Map<String, Object> params, String jdk, List<Result> results) {

    /** The experiments of {@code results}, in first-seen order. */
    public static List<Experiment> of(List<Result> results) {
        Map<String, List<Result>> groups = new LinkedHashMap<>();
        for (Result r : results) {
            groups.computeIfAbsent(r.scenario() + "\u0000" + Fmt.params(r.params()) + "\u0000" + Jdks.feature(r),
                    k -> new ArrayList<>()).add(r);
        }
        return groups.values().stream()
                .map(g -> new Experiment(g.get(0).scenario(), g.get(0).params(), Jdks.feature(g.get(0)), List.copyOf(g)))
                .toList();
    }

    public List<Result> ok() {
        return results.stream().filter(Result::ok).toList();
    }

    /** {@code sleep tasks=2000 sleep=50ms · Java 25}. */
    public String label() {
        String p = Fmt.params(params);
        return scenario + (p.isEmpty() ? "" : " " + p) + " · Java " + jdk;
    }
}
