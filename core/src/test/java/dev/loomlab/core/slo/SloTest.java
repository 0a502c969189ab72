package dev.loomlab.core.slo;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The {@code --slo} grammar: what it reads, its canonical text, what it refuses; and which results a policy judges. */
class SloTest {

    @Test
    void termsReadWithTheirLimits() {
        Slo slo = Slo.parse(" p99 < 0.5s , errors<1.5%,p50<250us, p999<2s,max<1m,rate>1000/s,p90<10ms");
        assertThat(slo.terms()).containsExactly(new SloTerm.Latency("p99", 500_000_000L), new SloTerm.Errors(1.5),
                new SloTerm.Latency("p50", 250_000L), new SloTerm.Latency("p999", 2_000_000_000L),
                new SloTerm.Latency("max", 60_000_000_000L), new SloTerm.Rate(1000), new SloTerm.Latency("p90", 10_000_000L));
        assertThat(slo.spec()).isEqualTo("p99<500ms,errors<1.5%,p50<250us,p999<2s,max<1m,rate>1000/s,p90<10ms");
        assertThat(Slo.parse(slo.spec())).isEqualTo(slo);
    }

    @Test
    void theDefaultIsArticle003sAlerts() {
        assertThat(Slo.DEFAULT.terms()).containsExactly(new SloTerm.Latency("p99", 500_000_000L), new SloTerm.Errors(1));
        assertThat(Slo.DEFAULT.spec()).isEqualTo("p99<500ms,errors<1%");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "p99", "p99<", "p99<500", "p99>500ms", "p98<500ms", "P99<500ms", "p99<-1ms", "p99<0ms",
            "errors<1", "errors<0%", "errors<101%", "errors>1%", "errors<x%", "rate<5/s", "rate>5", "rate>-5/s",
            "p99<500ms,", ",p99<500ms", "p99<500ms,,errors<1%", "p99<500ms,p99<1s", "p99<500ms;errors<1%", "latency<1s"})
    void anythingElseIsBadInputInOneLine(String text) {
        assertThatThrownBy(() -> Slo.parse(text)).isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(e.getMessage()).isNotBlank().doesNotContain("\n"));
        assertThatThrownBy(() -> SloPolicy.parse(text)).isInstanceOf(BadInputException.class);
    }

    @Test
    void aTermGivenTwiceIsNamed() {
        assertThatThrownBy(() -> Slo.parse("p99<1s,errors<1%,p99<2s")).hasMessageContaining("p99 twice");
    }

    @Test
    void withoutSloOnlyGoldenSignalScenariosAreJudgedAndNoneJudgesNothing() {
        ScenarioDescription web = ScenarioDescription.named("web").summary("a server").traits(Trait.GOLDEN_SIGNALS).build();
        ScenarioDescription sleep = ScenarioDescription.named("sleep").summary("sleeping tasks").build();
        assertThat(SloPolicy.DEFAULT.forScenario(web)).contains(Slo.DEFAULT);
        assertThat(SloPolicy.DEFAULT.forScenario(sleep)).isEmpty();
        SloPolicy given = SloPolicy.parse("p99<5ms");
        assertThat(given.forScenario(web)).contains(Slo.parse("p99<5ms"));
        assertThat(given.forScenario(sleep)).contains(Slo.parse("p99<5ms"));
        SloPolicy none = SloPolicy.parse(" none ");
        assertThat(none.forScenario(web)).isEmpty();
        assertThat(none.forScenario(sleep)).isEmpty();
    }

    @Test
    void aVerdictReadsBackFromItsLine() throws Exception {
        Result r = Result.builder("web", "mvc-platform")
                .section(SloVerdict.SECTION, new SloVerdict("p99<500ms,errors<1%", false, List.of("p99 812 ms ≥ 500 ms"))).build();
        String line = ResultJson.toLine(r);
        assertThat(line).contains("\"slo\":{\"spec\":\"p99<500ms,errors<1%\",\"met\":false,\"breaches\":[\"p99 812 ms ≥ 500 ms\"]}");
        assertThat(ResultJson.fromLine(line).section(SloVerdict.SECTION)).isEqualTo(r.section(SloVerdict.SECTION));
        assertThat(ResultJson.toLine(Result.builder("sleep", "virtual").build())).doesNotContain("slo");
    }
}
