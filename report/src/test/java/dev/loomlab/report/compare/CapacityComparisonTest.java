package dev.loomlab.report.compare;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.report.Fixtures;
import dev.loomlab.report.advise.Advice;
import dev.loomlab.report.advise.Advisor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * compare of two capacity results says in searches whether their sustainable rates differ beyond the searches' own
 * spread, by the one estimator compare and advise share. Expected ratios are worked by hand from the maxima.
 */
class CapacityComparisonTest {
    /**
     * A {@code scenario} result of one search per value of {@code maxima}, each passing at its rate and failing 10%
     * above it; a {@code load} result's {@code connections} the pool its first search's highest step opened (as
     * {@code load --find-max} records it), a {@code web} result's its parameter's default.
     */
    static Result searches(String scenario, String model, double... maxima) {
        List<CapacitySearch> searches = new ArrayList<>();
        for (double max : maxima) {
            searches.add(new CapacitySearch("p99<100ms", 5, 1000, max, max, max * 1.1, 50_000.0, false, List.of(
                    new CapacityStep(max, true, List.of(), max, 10_000, 0, 11.0, 14.0, 60.0, 80.0, 90.0, 0.2, 10, false, false))));
        }
        Map<String, Object> params = new LinkedHashMap<>(Fixtures.params("rate", "max"));
        params.put("connections", scenario.equals("load") ? (int) Math.ceil(Math.max(100, 1.1 * maxima[0] * 0.2)) : 10_000);
        return Result.builder(scenario, model).params(params).jvm(Fixtures.JDK25).rounds(0, 0, maxima.length)
                .status(Status.OK, null).score("max_rate_per_s").metrics(Map.of("max_rate_per_s", Summary.of(maxima)))
                .section(CapacitySearch.SECTION, searches).build();
    }

    private static Comparison compare(Result baseline, Result candidate) {
        return Comparison.of(List.of(baseline), List.of(candidate), null, 5, false);
    }

    /** The one pair's capacity line, once its verdict is {@code expected}. */
    private static String onlyLine(Comparison c, Verdict expected) {
        assertThat(c.changes()).singleElement().satisfies(ch -> assertThat(ch.verdict()).isEqualTo(expected));
        List<String> lines = CapacityComparison.lines(c);
        assertThat(lines).hasSize(1);
        return lines.getFirst();
    }

    @Test
    void twoTargetsOfTwiceTheCapacityDifferBeyondTheirSearchesSpread() {
        Comparison c = compare(searches("load", "open:max", 1_900, 2_000, 2_100, 1_950, 2_050),
                searches("load", "open:max", 3_900, 4_000, 4_100, 3_950, 4_050));
        // the pools differ (they follow the rates tried), and still the two match;
        // 5 vs 5: the 99% interval spans every ratio, 3,900/2,100 = 1.86 to 4,100/1,900 = 2.16; the median ratio 4,000/2,000
        assertThat(onlyLine(c, Verdict.IMPROVED))
                .contains(": 5 vs 5 searches, median 2,000/s (1,900–2,100/s) vs 4,000/s (3,900–4,100/s), ×2.00 [1.86, 2.16] at 99%:"
                        + " higher beyond the searches' own spread (improved)");
        assertThat(CompareReport.markdown(c, "a", "b")).contains("**Capacity**").contains("higher beyond the searches' own spread");
    }

    @Test
    void twoSearchesOfOneTargetAreWithinTheirSpread() {
        Result a = searches("load", "open:max", 1_900, 2_000, 2_100, 1_950, 2_050);
        Result b = searches("load", "open:max", 2_020, 1_880, 2_080, 1_990, 2_120);
        Comparison c = compare(a, b);
        assertThat(onlyLine(c, Verdict.NO_CHANGE))
                .endsWith("no difference beyond ±5% shown: within the searches' own spread");
        assertThat(c.regressed()).isFalse();
    }

    @Test
    void singleSearchesAreTooFewAndSayHowManyAreNeeded() {
        Comparison c = compare(searches("load", "open:max", 2_000), searches("load", "open:max", 4_000));
        assertThat(c.changes()).singleElement().satisfies(ch -> assertThat(ch.verdict()).isEqualTo(Verdict.N_TOO_SMALL));
        assertThat(CapacityComparison.lines(c)).singleElement().asString()
                .contains(": 1 vs 1 searches, median 2,000/s vs 4,000/s, ×2.00 [no 99% interval]: too few searches (5 a side"
                        + " needed) to tell a difference from the searches' own spread: run each with --find-max --repeat 5");
        assertThat(CompareReport.tooSmallLine(c)).contains("for load --find-max, --repeat 5 searches");
        assertThat(c.regressed()).isFalse();
    }

    @Test
    void compareAndAdviseReachTheSameVerdictOnTwoServersCapacities() {
        // web -p rate=max: two server models of one experiment, a search per iteration
        Result slow = searches("web", "mvc-platform", 1_900, 2_000, 2_100, 1_950, 2_050);
        Result fast = searches("web", "mvc-virtual", 3_900, 4_000, 4_100, 3_950, 4_050);
        Result fastAsSlow = searches("web", "mvc-platform", 3_900, 4_000, 4_100, 3_950, 4_050);
        assertThat(compare(slow, fastAsSlow).changes().getFirst().verdict()).isEqualTo(Verdict.IMPROVED);
        List<Advice> model = Advisor.advise(List.of(slow, fast)).stream().filter(a -> a.topic().equals("model")).toList();
        assertThat(model).singleElement().satisfies(a -> assertThat(a.recommendation()).startsWith("Use mvc-virtual: 2.0×"));

        Result same = searches("web", "mvc-platform", 2_020, 1_880, 2_080, 1_990, 2_120);
        Result sameAsOther = searches("web", "mvc-virtual", 2_020, 1_880, 2_080, 1_990, 2_120);
        assertThat(compare(slow, same).changes().getFirst().verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(Advisor.advise(List.of(slow, sameAsOther)).stream().filter(a -> a.topic().equals("model")))
                .singleElement().satisfies(a -> assertThat(a.recommendation()).contains("within noise of each other"));
    }
}
