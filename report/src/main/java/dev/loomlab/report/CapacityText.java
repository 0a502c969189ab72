package dev.loomlab.report;

import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.core.result.Result;

import java.util.ArrayList;
import java.util.List;

/**
 * A capacity search in words and tables: its answer in one line — the sustainable rate, the first failing
 * rate, the generator's ceiling — and the latency curve as a table of its steps, in the order they ran.
 */
public final class CapacityText {
    static final List<String> HEADER = List.of("rate/s", "verdict", "answered/s", "errors %", "p50 ms", "p90 ms", "p99 ms",
            "p99.9 ms", "max ms", "gen. lag p99 ms", "measured s", "why");

    private CapacityText() {
    }

    /**
     * The answer: {@code 1,931/s sustained within p99<500ms,errors<1% (answered at 1,938/s offered, the highest rate
     * that passed; 2,000/s failed: …; precision 5%); generator ceiling 52,000/s},
     * "at least" when generator-bound, or that no rate passed.
     */
    public static String answer(CapacitySearch s) {
        String ceiling = s.generatorCeilingPerS() == null ? "" : "; generator ceiling " + Fmt.num(s.generatorCeilingPerS()) + "/s";
        if (!s.found()) {
            CapacityStep lowest = s.steps().stream().min(java.util.Comparator.comparingDouble(CapacityStep::ratePerS)).orElse(null);
            return "no rate met " + s.slo() + (lowest == null ? "" : ": even " + Fmt.num(lowest.ratePerS()) + "/s failed ("
                    + String.join("; ", lowest.reasons()) + ")") + ceiling;
        }
        if (s.generatorBound()) {
            return "≥ " + Fmt.num(s.maxRatePerS()) + "/s, generator-bound: the target met " + s.slo()
                    + " at every rate loomlab's generator could send" + (s.firstFailingPerS() == null ? ""
                    : " (it failed at " + Fmt.num(s.firstFailingPerS()) + "/s where the generator itself was late)") + ceiling;
        }
        String failed = s.firstFailingPerS() == null ? "" : "; " + Fmt.num(s.firstFailingPerS()) + "/s failed: "
                + String.join("; ", firstFailing(s).map(CapacityStep::reasons).orElse(List.of()));
        return Fmt.num(s.maxRatePerS()) + "/s sustained within " + s.slo() + " (answered at " + Fmt.num(s.highestPassingPerS())
                + "/s offered, the highest rate that passed" + failed + "; precision " + Fmt.num(s.precisionPct()) + "%)" + ceiling;
    }

    /** The latest step measured at the first failing rate. */
    private static java.util.Optional<CapacityStep> firstFailing(CapacitySearch s) {
        return s.steps().stream().filter(st -> !st.passed() && s.firstFailingPerS() != null
                && st.ratePerS() == s.firstFailingPerS()).reduce((a, b) -> b);
    }

    /** Every step of {@code s}, one row each. */
    public static TextTable steps(CapacitySearch s) {
        TextTable t = new TextTable(HEADER);
        for (CapacityStep st : s.steps()) {
            t.add(List.of(Fmt.num(st.ratePerS()), st.passed() ? "pass" : "fail" + (st.marginal() ? " (noise)" : ""),
                    Fmt.num(st.throughputPerS()), Fmt.num(st.errorsPct()), Fmt.num(st.p50Ms()), Fmt.num(st.p90Ms()), Fmt.num(st.p99Ms()),
                    Fmt.num(st.p999Ms()), Fmt.num(st.maxMs()), Fmt.num(st.generatorLagP99Ms()), Fmt.num(st.measuredS()),
                    String.join("; ", st.reasons())));
        }
        return t;
    }

    /** For each result that searched capacity, a heading, its answer and its steps. */
    public static List<String> sections(List<Result> results, boolean markdown) {
        List<String> out = new ArrayList<>();
        for (Result r : results) {
            List<CapacitySearch> searches = r.section(CapacitySearch.SECTION);
            for (int i = 0; i < searches.size(); i++) {
                CapacitySearch s = searches.get(i);
                String title = r.scenario() + " " + r.model() + " " + Fmt.params(r.params())
                        + (searches.size() > 1 ? " (search " + (i + 1) + " of " + searches.size() + ")" : "");
                TextTable t = steps(s);
                out.add((markdown ? "**" + title + "**: " : title + ": ") + answer(s) + "\n\n"
                        + (markdown ? t.markdown() : t.plain()));
            }
        }
        return out;
    }
}
