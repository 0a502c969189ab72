package dev.loomlab.report.advise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One experiment's headline: the model to use and why, in one line — the model advice where there is
 * one, else the experiment's first recommendation — and how many more recommendations stand behind it.
 *
 * @param headline the advice the verdict is
 * @param more     the experiment's other recommendations, shown folded below the verdict
 */
public record Verdict(Advice headline, List<Advice> more) {

    public String scenario() {
        return headline.scenario();
    }

    public String scope() {
        return headline.scope();
    }

    /** One verdict per experiment, in the advice's order. */
    public static List<Verdict> of(List<Advice> advice) {
        Map<String, List<Advice>> byScope = new LinkedHashMap<>();
        advice.forEach(a -> byScope.computeIfAbsent(a.scope(), k -> new ArrayList<>()).add(a));
        List<Verdict> out = new ArrayList<>();
        byScope.values().forEach(list -> {
            Advice head = list.stream().filter(a -> a.topic().equals("model")).findFirst().orElse(list.get(0));
            List<Advice> rest = new ArrayList<>(list);
            rest.remove(head);
            out.add(new Verdict(head, rest));
        });
        return out;
    }
}
