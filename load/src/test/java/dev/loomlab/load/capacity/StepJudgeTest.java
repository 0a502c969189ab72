package dev.loomlab.load.capacity;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.LoadSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** One step's verdict: the objective, keeping up with the offered rate, and what lies within noise. */
class StepJudgeTest {
    private final StepJudge judge = new StepJudge(Slo.parse("p99<500ms,errors<1%"));

    private CapacityStep judge(double rate, double answered, long latencyMs, long errors) {
        return judge.judge(SimulatedTarget.SPECS.at(rate, Duration.ZERO, Duration.ofSeconds(10), Duration.ofSeconds(5)),
                SimulatedTarget.report(rate, answered, TimeUnit.MILLISECONDS.toNanos(latencyMs), errors));
    }

    /** A step is judged on the figures a finished load result of it holds, so the two verdicts cannot differ. */
    @Test
    void aStepIsJudgedOnTheFiguresItsResultWouldHold() {
        LoadSpec spec = SimulatedTarget.SPECS.at(1000, Duration.ZERO, Duration.ofSeconds(10), Duration.ofSeconds(5));
        LoadReport report = SimulatedTarget.report(1000, 995, TimeUnit.MILLISECONDS.toNanos(520), 30);
        Result finished = LoadScenario.result(spec, report);
        assertThat(LoadScenario.figures(report)).isEqualTo(finished.metrics());
        SloVerdict verdict = SloPolicy.DEFAULT.judge(LoadScenario.DESCRIPTION, finished).section(SloVerdict.SECTION).orElseThrow();
        assertThat(verdict.breaches()).singleElement().asString().startsWith("p99 ");
        assertThat(judge(1000, 995, 520, 30).reasons()).isEqualTo(verdict.breaches());
    }

    @Test
    void aStepWithinTheObjectiveThatKeepsUpPasses() {
        CapacityStep s = judge(1000, 1000, 100, 0);
        assertThat(s.passed()).isTrue();
        assertThat(s.reasons()).isEmpty();
        assertThat(s.marginal()).isFalse();
        assertThat(s.p99Ms()).isBetween(99.0, 101.0);
        assertThat(s.throughputPerS()).isEqualTo(1000);
    }

    @Test
    void aP99AtTheLimitFailsAndIsWithinNoise() {
        CapacityStep s = judge(1000, 1000, 520, 0);
        assertThat(s.passed()).isFalse();
        assertThat(s.reasons()).singleElement().asString().startsWith("p99 ");
        assertThat(s.marginal()).isTrue();
        assertThat(judge(1000, 1000, 5000, 0).marginal()).isFalse();
    }

    @Test
    void aLatencyBreachIsWithinNoiseUpToThriceTheLimitWhenTheStepKeptUpAndAPassOnlyWithinAFifthBelowIt() {
        // a pause lifts a tail percentile by multiples: 1,490 ms over a 500 ms limit, every request offered answered,
        // may be one pause
        assertThat(judge(1000, 1000, 1490, 0).marginal()).isTrue();
        assertThat(judge(1000, 1000, 1510, 0).marginal()).isFalse();
        // falling behind (98.5% answered, within noise itself): a queue may be growing, twice the limit at most
        assertThat(judge(1000, 985, 990, 0).marginal()).isTrue();
        assertThat(judge(1000, 985, 1010, 0).marginal()).isFalse();
        // 500 / 1.2 = 417 ms
        assertThat(judge(1000, 1000, 420, 0).marginal()).isTrue();
        assertThat(judge(1000, 1000, 410, 0).marginal()).isFalse();
    }

    @Test
    void answeringLessThanNinetyNinePercentOfTheOfferedRateIsNotKeepingUp() {
        assertThat(judge(1000, 990, 100, 0).passed()).isTrue();
        CapacityStep behind = judge(1000, 980, 100, 0);
        assertThat(behind.passed()).isFalse();
        assertThat(behind.reasons()).anyMatch(r -> r.contains("answered 980/s of 1000/s"));
        assertThat(behind.marginal()).isTrue();
        assertThat(judge(1000, 700, 100, 0).marginal()).isFalse();
    }

    @Test
    void aFailureIsWithinNoiseOnlyWhenEveryFailingCriterionIs() {
        // p99 near its limit, but answering 90% of the rate is far from keeping up: no repeat would flip it
        assertThat(judge(1000, 900, 520, 0).marginal()).isFalse();
        // both near their limits: it could flip
        assertThat(judge(1000, 985, 520, 0).marginal()).isTrue();
        // a pass with one criterion near its limit could flip too
        assertThat(judge(1000, 1000, 450, 0).marginal()).isTrue();
    }

    @Test
    void aLatencyFailureWhileWorkingOffAQueueIsMeasuredAgain() {
        // answering 1,010/s of 1,000/s offered: the queue shrank during the span, the latency came from before it
        CapacityStep draining = judge(1000, 1010, 5000, 0);
        assertThat(draining.passed()).isFalse();
        assertThat(draining.marginal()).isTrue();
        // the same latency while answering just the offered rate is a failure far from its limit
        assertThat(judge(1000, 1000, 5000, 0).marginal()).isFalse();
        // errors far above their limit are not explained by a backlog: 500 of 10,000 sent is 5%
        assertThat(judge(1000, 1010, 5000, 500).marginal()).isFalse();
    }

    @Test
    void errorsAboveTheLimitFail() {
        // 10,000 sent in 10 s, 200 of them timed out: 2%
        CapacityStep s = judge(1000, 980, 100, 200);
        assertThat(s.passed()).isFalse();
        assertThat(s.errorsPct()).isEqualTo(2.0);
        assertThat(s.reasons()).anyMatch(r -> r.startsWith("errors "));
    }
}
