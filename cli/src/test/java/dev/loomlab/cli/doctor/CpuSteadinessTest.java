package dev.loomlab.cli.doctor;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CpuSteadinessTest {
    @Test
    void twelveRoundsMakeSixWindowsOfTwo() {
        CpuSteadiness s = new CpuSteadiness(List.of(10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 12.0, 12.0, 12.0, 12.0, 12.0, 12.0));
        assertThat(s.windowMeans()).containsExactly(10.0, 10.0, 10.0, 12.0, 12.0, 12.0);
        assertThat(s.windowSpreadPct()).isCloseTo(20.0, within(1e-9));
        assertThat(s.fastestMillis()).isEqualTo(10.0);
        assertThat(s.slowestMillis()).isEqualTo(12.0);
        assertThat(s.medianMillis()).isEqualTo(11.0);
    }

    @Test
    void roundsThatDoNotDivideEvenlyLengthenTheFirstWindows() {
        CpuSteadiness s = new CpuSteadiness(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0));
        assertThat(s.windowMeans()).containsExactly(1.5, 3.0, 4.0, 5.0, 6.0, 7.0);
        assertThat(s.windowSpreadPct()).isCloseTo((7.0 / 1.5 - 1) * 100, within(1e-9));
        assertThat(s.medianMillis()).isEqualTo(4.0);
    }

    /** 100 rounds: 97 of 10 ms, then 21, 30 and 50 ms; twice the median is 20 ms. */
    @Test
    void roundsOverTwiceTheMedianAreStallsAndTheP99IsTheNinetyNinthRound() {
        List<Double> rounds = new ArrayList<>(Collections.nCopies(97, 10.0));
        rounds.addAll(List.of(21.0, 30.0, 50.0));
        CpuSteadiness s = new CpuSteadiness(rounds);
        assertThat(s.stalls()).isEqualTo(3);
        assertThat(s.quantileMillis(0.99)).isEqualTo(30.0);
        assertThat(s.quantileMillis(1.0)).isEqualTo(50.0);
    }

    @Test
    void fewerRoundsThanWindowsAreRefused() {
        assertThatThrownBy(() -> new CpuSteadiness(List.of(1.0, 2.0, 3.0, 4.0, 5.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("5 rounds");
    }

    /**
     * Each round is 20,000,000 xorshift steps per thread, at least three dependent one-cycle operations each (six on
     * x86-64): 60,000,000 cycles or more, 12 ms at 5 GHz. A round faster than 10 ms would mean the work was optimised
     * away. The rounds measured cover the span, less the round that straddled the warm-up's end, and no more than
     * the span and the last round: the 2 s warm-up's rounds are not among them.
     */
    @Test
    @Tag("alone") // the span is wall time: rounds of other tests' JVMs would stretch it
    void measuredRoundsDoTheWorkAndCoverTheSpan() throws Exception {
        Duration span = Duration.ofMillis(600);
        CpuSteadiness s = CpuSteadiness.measure(span, 2);
        assertThat(s.roundMillis()).hasSizeGreaterThanOrEqualTo(CpuSteadiness.WINDOWS).allSatisfy(ms -> assertThat(ms).isGreaterThan(10.0));
        double covered = s.roundMillis().stream().mapToDouble(Double::doubleValue).sum();
        assertThat(covered + 2 * s.slowestMillis()).isGreaterThanOrEqualTo(span.toMillis());
        assertThat(covered).isLessThanOrEqualTo(span.toMillis() + 2 * s.slowestMillis());
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("loomlab-steadiness-"));
    }
}
