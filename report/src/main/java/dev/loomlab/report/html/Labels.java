package dev.loomlab.report.html;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Jdks;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names results within a group as briefly as tells them apart: the model, then only the parameters that
 * vary within the group ({@code virtual\nyield-every=0}); the JDK is named separately, where several ran.
 */
final class Labels {
    private final Map<Result, String> labels = new IdentityHashMap<>();
    private final boolean severalJdks;

    Labels(List<Result> group) {
        Set<String> names = new LinkedHashSet<>();
        group.forEach(r -> names.addAll(r.params().keySet()));
        List<String> varying = new ArrayList<>();
        for (String n : names) {
            Set<String> values = new HashSet<>();
            group.forEach(r -> values.add(String.valueOf(r.params().get(n))));
            if (values.size() > 1) {
                varying.add(n);
            }
        }
        for (Result r : group) {
            StringBuilder sb = new StringBuilder(r.model());
            Map<String, Object> shown = new LinkedHashMap<>();
            r.params().forEach((k, v) -> {
                if (varying.contains(k)) {
                    shown.put(k, v);
                }
            });
            String p = Fmt.params(shown);
            if (!p.isEmpty()) {
                sb.append('\n').append(p);
            }
            labels.put(r, sb.toString());
        }
        severalJdks = Jdks.several(group);
    }

    /** The category a result is drawn in (model and varying parameters, on two lines). */
    String category(Result r) {
        return labels.get(r);
    }

    /** The category and, where several JDKs ran, the JDK: one line. */
    String full(Result r) {
        return labels.get(r).replace('\n', ' ') + (severalJdks ? " · Java " + Jdks.feature(r) : "");
    }

    /** The name of the series holding a JDK's figures: {@code measured}, or {@code Java 25} where several ran. */
    String series(Result r) {
        return severalJdks ? "Java " + Jdks.feature(r) : "measured";
    }
}
