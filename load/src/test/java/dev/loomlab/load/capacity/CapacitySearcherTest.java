package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The search against targets whose capacity the test sets: doubling, halving, bisection, the ceiling, noise. */
class CapacitySearcherTest {
    private static final long FAST = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long SLOW = TimeUnit.SECONDS.toNanos(2);
    private static final Slo P99_500MS = Slo.parse("p99<500ms,errors<1%");

    private static SearchPlan plan(double start, double min, double precision) {
        return new SearchPlan(P99_500MS, start, min, precision, Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    @Test
    void doublesThenBisectsToTheCapacityWithinThePrecision() throws Exception {
        double capacity = 1850;
        SimulatedTarget target = SimulatedTarget.withCapacity(capacity, FAST, SLOW);
        CapacitySearcher.Found found = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, s -> { });
        CapacitySearch s = found.search();

        assertThat(target.rates.subList(0, 2)).containsExactly(1000.0, 2000.0);
        assertThat(s.highestPassingPerS()).isLessThanOrEqualTo(capacity).isGreaterThanOrEqualTo(capacity / 1.05);
        assertThat(s.firstFailingPerS()).isGreaterThan(capacity);
        assertThat((s.firstFailingPerS() - s.highestPassingPerS()) / s.highestPassingPerS()).isLessThanOrEqualTo(0.05);
        assertThat(s.maxRatePerS()).isLessThanOrEqualTo(capacity);
        assertThat(s.generatorBound()).isFalse();
        // 1000 and 2000, then bisections of [1000, 2000] down to 5%: 1500, 1750, 1875, 1812.5; at 1875 the target
        // answers 1850/s, 98.7% of the rate — near keeping up — but its p99 is far over: no repeat could flip that
        assertThat(target.rates).containsExactly(1000.0, 2000.0, 1500.0, 1750.0, 1875.0, 1812.5);
        assertThat(s.steps()).hasSize(target.rates.size());
        assertThat(found.atMax().targetRate()).isEqualTo(s.highestPassingPerS());
    }

    @Test
    void whenTheStartFailsItHalvesUntilAStepPasses() throws Exception {
        SimulatedTarget target = SimulatedTarget.withCapacity(300, FAST, SLOW);
        CapacitySearch s = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, x -> { }).search();

        assertThat(target.rates.subList(0, 3)).containsExactly(1000.0, 500.0, 250.0);
        assertThat(s.highestPassingPerS()).isLessThanOrEqualTo(300).isGreaterThanOrEqualTo(300 / 1.05);
        assertThat(s.firstFailingPerS()).isGreaterThan(300);
    }

    @Test
    void aTargetThatFailsEvenTheLowestRateHasNoAnswer() throws Exception {
        SimulatedTarget target = SimulatedTarget.withCapacity(50, FAST, SLOW);
        CapacitySearcher.Found found = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, x -> { });

        assertThat(target.rates).containsExactly(1000.0, 500.0, 250.0, 125.0);
        assertThat(found.search().found()).isFalse();
        assertThat(found.search().maxRatePerS()).isNull();
        assertThat(found.atMax()).isNull();
        assertThat(found.search().steps()).allMatch(st -> !st.passed() && !st.reasons().isEmpty());
    }

    @Test
    void noRateAboveTheGeneratorsCeilingIsTriedAndPassingThereIsGeneratorBound() throws Exception {
        SimulatedTarget target = SimulatedTarget.withCapacity(1e9, FAST, SLOW);
        CapacitySearch s = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 5000, x -> { }).search();

        assertThat(target.rates).containsExactly(1000.0, 2000.0, 4000.0, 5000.0);
        assertThat(s.generatorBound()).isTrue();
        assertThat(s.highestPassingPerS()).isEqualTo(5000.0);
        assertThat(s.firstFailingPerS()).isNull();
    }

    /** A search of {@code target} whose ceiling is {@code ceiling}, each time asked noting the rate last tried. */
    private static CapacitySearch search(SimulatedTarget target, double ceiling, List<Double> askedAfter) throws Exception {
        CapacitySearcher.Ceiling asked = () -> {
            askedAfter.add(target.rates.getLast());
            return ceiling;
        };
        return new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, asked, x -> { }).search();
    }

    @Test
    void theCeilingIsAskedForOnceWhenARateFirstNeedsItAndNeverBelow() throws Exception {
        List<Double> askedAfter = new ArrayList<>();
        SimulatedTarget slow = SimulatedTarget.withCapacity(1850, FAST, SLOW);
        CapacitySearch below = search(slow, 1e6, askedAfter);
        assertThat(slow.rates).allMatch(rate -> rate < 5_000);
        assertThat(askedAfter).isEmpty();
        assertThat(below.generatorCeilingPerS()).isNull();

        // 1,000, 2,000, 4,000 need no ceiling; 8,000 would, and the ceiling of 6,000 caps it: asked once, after 4,000
        SimulatedTarget fast = SimulatedTarget.withCapacity(1e9, FAST, SLOW);
        CapacitySearch capped = search(fast, 6000, askedAfter);
        assertThat(fast.rates).containsExactly(1000.0, 2000.0, 4000.0, 6000.0);
        assertThat(askedAfter).containsExactly(4000.0);
        assertThat(capped.generatorCeilingPerS()).isEqualTo(6000.0);
        assertThat(capped.generatorBound()).isTrue();
    }

    @Test
    void aTargetAnsweringLessThanOfferedDoesNotKeepUpEvenWithinItsLatencyLimit() throws Exception {
        // Latency always fine, but above 700/s only 700/s are answered: a queue that a longer step would show.
        SimulatedTarget target = SimulatedTarget.of(rate -> SimulatedTarget.report(rate, Math.min(rate, 700), FAST, 0));
        CapacitySearch s = new CapacitySearcher(plan(100, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, x -> { }).search();

        assertThat(s.highestPassingPerS()).isLessThanOrEqualTo(700 / StepJudge.KEEP_UP);
        assertThat(s.maxRatePerS()).isLessThanOrEqualTo(700);
        CapacityStep failing = s.steps().stream().filter(st -> !st.passed()).findFirst().orElseThrow();
        assertThat(failing.reasons()).anyMatch(r -> r.contains("not keeping up"));
    }

    @Test
    void aVerdictWithinNoiseIsMeasuredAgainAndTheMajorityDecides() throws Exception {
        // At 2000/s the target's p99 alternates around the 500 ms limit: 520, 480, 510 ms — within noise, failing 2 of 3.
        List<Long> p99s = new ArrayList<>(List.of(520L, 480L, 510L));
        SimulatedTarget target = SimulatedTarget.of(rate -> rate < 2000
                ? SimulatedTarget.report(rate, rate, FAST, 0)
                : rate == 2000 && !p99s.isEmpty() ? SimulatedTarget.report(rate, rate, TimeUnit.MILLISECONDS.toNanos(p99s.removeFirst()), 0)
                : SimulatedTarget.report(rate, 1000, SLOW, 0));
        CapacitySearch s = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, x -> { }).search();

        assertThat(target.rates.stream().filter(r -> r == 2000.0).count()).isEqualTo(3);
        assertThat(s.steps().stream().filter(st -> st.ratePerS() == 2000).allMatch(CapacityStep::marginal)).isTrue();
        assertThat(s.firstFailingPerS()).isEqualTo(2000.0);
    }

    @Test
    void aCapabilityPassesWhenEitherOfTwoRunsPasses() throws Exception {
        // Every rate's first run is spoilt (a pause of the machine); its second run shows what the generator can do.
        int[] calls = {0};
        SimulatedTarget target = SimulatedTarget.of(rate -> ++calls[0] % 2 == 1
                ? SimulatedTarget.report(rate, rate, SLOW, 0)
                : SimulatedTarget.report(rate, Math.min(rate, 9000), FAST, 0));
        SearchPlan capability = new SearchPlan(P99_500MS, 1000, 1000, 0.10, Duration.ZERO, Duration.ofSeconds(1),
                Duration.ofSeconds(5), true);
        CapacitySearch s = new CapacitySearcher(capability).search(SimulatedTarget.SPECS, target, 1e6, x -> { }).search();

        assertThat(s.found()).isTrue();
        assertThat(s.highestPassingPerS()).isGreaterThanOrEqualTo(9000 / 1.10).isLessThanOrEqualTo(9000 / StepJudge.KEEP_UP);
    }

    /**
     * A target of 10,000/s loaded by a generator that falls 200 ms behind (at p99) from {@code lateFrom} per second on; with
     * {@code lateRuns}, only that many of its runs there.
     */
    private static SimulatedTarget lateGenerator(double lateFrom, int lateRuns) {
        int[] late = {0};
        return SimulatedTarget.of(rate -> {
            boolean behind = rate >= lateFrom && late[0]++ < lateRuns;
            return SimulatedTarget.report(rate, Math.min(rate, 10_000), rate <= 10_000 ? FAST : SLOW, 0,
                    behind ? TimeUnit.MILLISECONDS.toNanos(200) : 100_000);
        });
    }

    /** A step whose generator fell behind is measured again; a second such run stops the search, its knee the generator's. */
    @Test
    void aRateTheGeneratorCannotKeepTwiceStopsTheSearchAtLeastWhatPassed() throws Exception {
        SimulatedTarget target = lateGenerator(4000, Integer.MAX_VALUE);
        CapacitySearcher.Found found = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, x -> { });
        CapacitySearch s = found.search();

        assertThat(target.rates).containsExactly(1000.0, 2000.0, 4000.0, 4000.0);
        assertThat(s.steps().subList(2, 4)).allSatisfy(st -> {
            assertThat(st.judged()).isFalse();
            assertThat(st.passed()).isFalse();
            assertThat(st.invalid()).contains("fell behind its schedule").contains("200 ms late");
        });
        assertThat(s.highestPassingPerS()).isEqualTo(2000.0);
        assertThat(s.firstFailingPerS()).isNull();
        assertThat(s.generatorBound()).isTrue();
        assertThat(s.stopped()).startsWith("at 4,000/s: the generator fell behind");
        assertThat(s.kneeCause().cause()).isEqualTo(KneeCause.GENERATOR);
        assertThat(s.kneeCause().text()).startsWith("the search stopped at 4,000/s: it sent 200 ms late");
        assertThat(found.atStop().targetRate()).isEqualTo(4000.0);
    }

    @Test
    void aSingleRunTheGeneratorCouldNotKeepIsMeasuredAgainAndTheSearchGoesOn() throws Exception {
        SimulatedTarget target = lateGenerator(4000, 1);
        CapacitySearch s = new CapacitySearcher(plan(1000, 100, 0.05)).search(SimulatedTarget.SPECS, target, 1e6, x -> { }).search();

        assertThat(target.rates.subList(0, 5)).containsExactly(1000.0, 2000.0, 4000.0, 4000.0, 8000.0);
        assertThat(s.stopped()).isNull();
        assertThat(s.steps().stream().filter(st -> !st.judged())).hasSize(1);
        assertThat(s.highestPassingPerS()).isGreaterThan(9000.0);
    }

    /** Before any rate passed: no answer, and the result is invalid with the stopping step's figures, not failed. */
    @Test
    void aSearchStoppedBeforeAnyRatePassedIsAnInvalidResultThatKeepsItsFigures() throws Exception {
        SimulatedTarget target = lateGenerator(0, Integer.MAX_VALUE);
        SearchPlan plan = plan(1000, 100, 0.05);
        CapacitySearcher.Found found = new CapacitySearcher(plan).search(SimulatedTarget.SPECS, target, 1e6, x -> { });
        assertThat(found.search().found()).isFalse();

        dev.loomlab.core.result.Result r = CapacityResult.result(plan, 100, List.of(found));
        assertThat(r.status()).isEqualTo(dev.loomlab.core.outcome.Status.INVALID);
        assertThat(r.error()).startsWith("the search stopped at 1,000/s: the generator fell behind").endsWith("before any rate passed");
        assertThat(r.metrics()).containsKeys("throughput_per_s", "generator_lag_p99_ms", "task_latency_ms");
        assertThat(r.section(CapacitySearch.SECTION)).singleElement().satisfies(x -> assertThat(x.steps()).hasSize(2));
        assertThat(r.section(KneeCause.SECTION)).hasValueSatisfying(k -> assertThat(k.cause()).isEqualTo(KneeCause.GENERATOR));
    }

    /** The generator's own ceiling is what it measures: no step of it is invalid, whatever its lateness. */
    @Test
    void aPlanThatMeasuresTheGeneratorItselfJudgesNoStepInvalid() throws Exception {
        SearchPlan ceiling = new SearchPlan(P99_500MS, 1000, 1000, 0.10, Duration.ZERO, Duration.ofSeconds(1),
                Duration.ofSeconds(2), true, false);
        CapacitySearch s = new CapacitySearcher(ceiling).search(SimulatedTarget.SPECS, lateGenerator(0, Integer.MAX_VALUE), 1e6,
                x -> { }).search();
        assertThat(s.steps()).allMatch(CapacityStep::judged);
        assertThat(s.kneeCause()).isNull();
        assertThat(s.stopped()).isNull();
    }
}
