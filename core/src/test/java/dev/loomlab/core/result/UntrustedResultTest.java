package dev.loomlab.core.result;

import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.Untrusted;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An iteration measured right but not to be trusted (a load generator behind its schedule) makes its result
 * {@code invalid} with the reason, keeping its figures; one whose output was wrong reports none, as before.
 */
class UntrustedResultTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());
    private static final ScenarioDescription LOAD = ScenarioDescription.named("load").summary("a load").build();

    private static Result assemble(List<TrialOutcome> outcomes) {
        return ResultAssembler.assemble(LOAD, "open:1000/s", null, ParamValues.parse("load", LOAD.params(), Map.of()), 0, 0, 2,
                outcomes, List.of(), 2);
    }

    @Test
    void anUntrustedIterationMakesTheResultInvalidAndItsFiguresStay() throws Exception {
        IterationResult first = IterationResult.of(Map.of("throughput_per_s", 990.0), null);
        IterationResult late = IterationResult.of(Map.of("throughput_per_s", 700.0), null)
                .with(Untrusted.SECTION, "the generator fell behind its schedule");
        Result r = assemble(List.of(TrialOutcome.ok(JVM, null, null, null, List.of(first, late))));

        assertThat(r.status()).isEqualTo(Status.INVALID);
        assertThat(r.error()).isEqualTo("iteration 2: the generator fell behind its schedule");
        assertThat(((Summary) r.metrics().get("throughput_per_s")).n()).isEqualTo(2);
        assertThat(ResultJson.toLine(r)).contains("\"status\":\"invalid\"").contains("\"throughput_per_s\":{")
                .doesNotContain("\"untrusted\"");
        assertThat(ResultJson.fromLine(ResultJson.toLine(r)).metrics()).containsKey("throughput_per_s");
    }

    @Test
    void anIterationWhoseOutputWasWrongStillReportsNoFigure() {
        Result r = assemble(List.of(TrialOutcome.invalid("iteration 1: 3 answers were wrong", JVM, null, null,
                List.of(IterationResult.of(Map.of("throughput_per_s", 990.0), null)))));
        assertThat(r.status()).isEqualTo(Status.INVALID);
        assertThat(r.metrics()).isEmpty();
    }
}
