package dev.loomlab.report;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The console's answer: one line per scenario, the advice's verdict in one line, parameters at their defaults left out. */
class AnswerTest {
    private static final ParamDefaults CORE = ParamDefaults.of(ScenarioCatalog.load().all().stream().map(Scenario::description).toList());

    @Test
    void oneLinePerScenarioWithTheVerdictAndOnlyTheParametersThatDifferFromTheDefaults() {
        List<Result> results = new ArrayList<>(Fixtures.seedsSleepFive());
        // sleep's defaults are tasks=10000 sleep=300ms: the seeds' sleep experiment shows none of them.
        results.add(Fixtures.sleep("virtual", 1000, 20, Fixtures.JDK25, 25, 20.0, null));
        results.add(Fixtures.failed("fanout", "completable:200", Fixtures.params("profiles", 500, "latency", "20ms"),
                "deadlock: 200 of 200 pool threads blocked\nmore"));
        List<String> lines = Answer.lines(results, CORE);
        assertThat(lines).hasSize(2);
        // five iterations a side (0.98 … 1.03 × the median): the ratio 402 / 3,206 and its interval every pairwise
        // ratio, 3,206 × 0.98 / (402 × 1.03) = 7.59 to 3,206 × 1.03 / (402 × 0.98) = 8.38 times
        assertThat(lines.get(0)).startsWith("  sleep   Use virtual: 8.0× faster than platform:1000 (wall ms, 99% interval 7.59–8.38×)");
        // fanout's verdict is the failure's; the line names the result and the first line of its reason.
        assertThat(lines.get(1)).startsWith("  fanout  profiles=500 latency=20ms — Avoid completable:200")
                .contains(" · 1 not ok: completable:200 failed — deadlock").doesNotContain("more");
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(Answer.WIDTH));
    }

    @Test
    void everyParameterIsShownForAScenarioItDoesNotKnowAndLongLinesAreCut() {
        Result one = Fixtures.sleep("virtual", 10_000, 300, Fixtures.JDK25, 402, 300.0, null);
        // One model: its verdict is the memory advice, whose line is cut after a whole clause.
        assertThat(Answer.lines(List.of(one), ParamDefaults.NONE)).singleElement().asString()
                .startsWith("  sleep  tasks=10000 sleep=300ms — Budget about ").endsWith("…").hasSizeLessThanOrEqualTo(Answer.WIDTH);
        String block = Answer.render(List.of(one), CORE, Path.of("results", "x"), Path.of("results", "x", "report.html"));
        assertThat(block.lines().toList()).last().isEqualTo("report: " + Path.of("results", "x", "report.html"));
        assertThat(Answer.cut("x".repeat(200))).hasSize(Answer.WIDTH).endsWith("…");
        assertThat(Answer.cut("word ".repeat(40))).endsWith("word…").hasSizeLessThanOrEqualTo(Answer.WIDTH);
    }
}
