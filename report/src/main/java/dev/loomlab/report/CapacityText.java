package dev.loomlab.report;

import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.core.stats.MedianInterval;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacitySpread;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.core.result.Result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A capacity search in words and tables: its answer in one line — the sustainable rate, the first failing
 * rate, the generator's ceiling — and the latency curve as a table of its steps, in the order they ran; of repeated
 * searches, their spread: the median rate, its range and an interval for the median ({@link CapacitySpread}).
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
        if (!s.found() && s.stopped() != null) {
            return "no rate passed before the search stopped " + s.stopped() + ceiling;
        }
        if (!s.found()) {
            CapacityStep lowest = s.steps().stream().filter(st -> !st.passed())
                    .min(java.util.Comparator.comparingDouble(CapacityStep::ratePerS)).orElse(null);
            return "no rate met " + s.slo() + (lowest == null ? "" : ": even " + Fmt.num(lowest.ratePerS()) + "/s failed ("
                    + String.join("; ", lowest.reasons()) + ")") + ceiling;
        }
        if (s.stopped() != null) {
            return "≥ " + Fmt.num(s.maxRatePerS()) + "/s, generator-bound: the target met " + s.slo() + " at "
                    + Fmt.num(s.highestPassingPerS()) + "/s offered, and the search stopped " + s.stopped() + ceiling;
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

    /**
     * The answer of a result's searches, in the order run: one search's {@link #answer(CapacitySearch)}; several
     * searches' {@link #spread}; or, when one of several found no rate, that search's answer with its number.
     */
    public static String answer(List<CapacitySearch> searches) {
        if (searches.size() == 1) {
            return answer(searches.getFirst());
        }
        for (int i = 0; i < searches.size(); i++) {
            if (!searches.get(i).found()) {
                return "search " + (i + 1) + " of " + searches.size() + ": " + answer(searches.get(i));
            }
        }
        return spread(CapacitySpread.of(searches).orElseThrow(), searches);
    }

    /**
     * What ran out at the knee: one search's cause and its figure ({@code thread-pool — 200 of 200 threads busy at
     * 2,063/s; …}); for repeated searches each cause with how many searches named it, the most named first, and the
     * figure of the first search that did ({@code thread-pool in 4 of 5 searches, generator in 1 — 200 of 200 …}). Empty
     * when no search named one.
     */
    public static Optional<String> knee(List<CapacitySearch> searches) {
        List<KneeCause> named = searches.stream().map(CapacitySearch::kneeCause).filter(java.util.Objects::nonNull).toList();
        if (named.isEmpty()) {
            return Optional.empty();
        }
        if (searches.size() == 1) {
            return Optional.of(named.getFirst().line());
        }
        Map<String, Long> causes = named.stream().collect(Collectors.groupingBy(KneeCause::cause, LinkedHashMap::new,
                Collectors.counting()));
        List<Map.Entry<String, Long>> ranked = causes.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).toList();
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : ranked) {
            sb.append(sb.isEmpty() ? e.getKey() + " in " + e.getValue() + " of " + searches.size() + " searches"
                    : ", " + e.getKey() + " in " + e.getValue());
        }
        String most = ranked.getFirst().getKey();
        named.stream().filter(k -> k.cause().equals(most)).findFirst().ifPresent(k -> sb.append(" — ").append(k.text()));
        return Optional.of(sb.toString());
    }

    /**
     * Repeated searches' figure, each part named as what it is: {@code median of 5 searches 24,100/s, range
     * 21,000–26,500/s, 94% interval for the median 21,000–26,500/s, within p99<100ms}; below five searches, what an
     * interval needs instead of one; then how many were generator-bound, and the generator's ceiling.
     */
    static String spread(CapacitySpread spread, List<CapacitySearch> searches) {
        StringBuilder sb = new StringBuilder("median of " + spread.searches() + " searches " + Fmt.num(spread.medianPerS())
                + "/s, range " + Fmt.num(spread.minPerS()) + "–" + Fmt.num(spread.maxPerS()) + "/s");
        spread.interval().ifPresentOrElse(m -> sb.append(", ").append(m.coveragePct()).append("% interval for the median ")
                        .append(Fmt.num(m.low())).append("–").append(Fmt.num(m.high())).append("/s"),
                () -> sb.append(" (an interval for the median needs ").append(MedianInterval.FEWEST).append(" searches)"));
        sb.append(", within ").append(searches.getFirst().slo());
        if (spread.generatorBound() > 0) {
            sb.append("; ").append(spread.generatorBound()).append(" of ").append(spread.searches())
                    .append(" generator-bound (their rate a lower limit)");
        }
        List<Double> ceilings = searches.stream().map(CapacitySearch::generatorCeilingPerS).filter(java.util.Objects::nonNull)
                .distinct().sorted().toList();
        if (!ceilings.isEmpty()) {
            sb.append("; generator ceiling ").append(Fmt.num(ceilings.getFirst()))
                    .append(ceilings.size() > 1 ? "–" + Fmt.num(ceilings.getLast()) : "").append("/s");
        }
        return sb.toString();
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
            List<String> why = new ArrayList<>(st.reasons());
            if (!st.judged()) {
                why.addFirst(st.invalid());
            }
            t.add(List.of(Fmt.num(st.ratePerS()), st.passed() ? "pass" : !st.judged() ? "invalid" : "fail" + (st.marginal() ? " (noise)" : ""),
                    Fmt.num(st.throughputPerS()), Fmt.num(st.errorsPct()), Fmt.num(st.p50Ms()), Fmt.num(st.p90Ms()), Fmt.num(st.p99Ms()),
                    Fmt.num(st.p999Ms()), Fmt.num(st.maxMs()), Fmt.num(st.generatorLagP99Ms()), Fmt.num(st.measuredS()),
                    String.join("; ", why)));
        }
        return t;
    }

    /**
     * For each result that searched capacity, a heading, its answer and its steps; a result of several searches first
     * with their {@link #spread}.
     */
    public static List<String> sections(List<Result> results, boolean markdown) {
        List<String> out = new ArrayList<>();
        for (Result r : results) {
            List<CapacitySearch> searches = r.section(CapacitySearch.SECTION);
            if (searches.size() > 1) {
                String title = r.scenario() + " " + r.model() + " " + Fmt.params(r.params()) + " (" + searches.size() + " searches)";
                out.add((markdown ? "**" + title + "**: " : title + ": ") + answer(searches) + "\n\n");
            }
            for (int i = 0; i < searches.size(); i++) {
                CapacitySearch s = searches.get(i);
                String title = r.scenario() + " " + r.model() + " " + Fmt.params(r.params())
                        + (searches.size() > 1 ? " (search " + (i + 1) + " of " + searches.size() + ")" : "");
                TextTable t = steps(s);
                out.add((markdown ? "**" + title + "**: " : title + ": ") + answer(s) + "\n\n"
                        + (s.kneeCause() == null ? "" : "Knee: " + s.kneeCause().line() + "\n\n")
                        + (markdown ? t.markdown() : t.plain()));
            }
        }
        return out;
    }
}
