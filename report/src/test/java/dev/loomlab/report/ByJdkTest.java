package dev.loomlab.report;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.JvmInfo;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Results of two JDKs: grouped, side by side with their pinned events, and the pinned stacks shown. */
class ByJdkTest {
    private static final JvmInfo JDK21 = new JvmInfo("21.0.8+9-LTS", "Eclipse Adoptium", "/jdk21", List.of());
    private static final JvmInfo JDK25 = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk25", List.of());
    private static final List<String> FRAMES = List.of("java.lang.VirtualThread.parkOnCarrierThread",
            "java.lang.VirtualThread.parkNanos", "java.lang.Thread.sleep", "com.example.Service.call:42", "com.example.Main.main:7");

    private static Result pinning(String lock, JvmInfo jvm, double wall, double pinned) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("tasks", 200);
        params.put("lock", lock);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", Summary.of(new double[]{wall}));
        metrics.put("pinned_events", Summary.of(new double[]{pinned}));
        List<PinnedStack> stacks = pinned == 0 ? List.of() : List.of(new PinnedStack((long) pinned, pinned * 20, FRAMES));
        return Result.builder("pinning", "virtual").params(params).jvm(jvm).rounds(1, 0, 1).metrics(metrics)
                .bound(20.0, 20 / wall, null).section(PinnedStacks.SECTION, stacks).build();
    }

    private static Result notApplicable(String lock, JvmInfo jvm) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("tasks", 200);
        params.put("lock", lock);
        return Result.builder("pinning", "virtual").params(params).jvm(jvm).rounds(1, 0, 1)
                .status(Status.NOT_APPLICABLE, "no FFM").build();
    }

    private final List<Result> results = List.of(
            pinning("synchronized", JDK21, 2042, 200), pinning("synchronized", JDK25, 40, 0),
            notApplicable("native", JDK21), pinning("native", JDK25, 2050, 200));

    @Test
    void rowsAreGroupedByJdkInTheOrderJdksAppear() {
        assertThat(ByJdk.grouped(results)).extracting(r -> r.jvm().version() + " " + r.params().get("lock"))
                .containsExactly("21.0.8+9-LTS synchronized", "21.0.8+9-LTS native", "25.0.3+9-LTS synchronized",
                        "25.0.3+9-LTS native");
    }

    @Test
    void eachExperimentIsOneRowWithEveryJdkSideBySide() {
        String table = ByJdk.table(results).plain();
        List<String> lines = table.lines().toList();
        assertThat(lines.get(0)).contains("java 21 wall ms", "java 21 pinned", "java 25 wall ms", "java 25 pinned");
        assertThat(lines.get(2)).matches("pinning +virtual +tasks=200 lock=synchronized +2,042 +200 +40\\.0 +0");
        assertThat(lines.get(3)).matches("pinning +virtual +tasks=200 lock=native +not applicable +2,050 +200");
        assertThat(ByJdk.table(results.subList(0, 1))).isNull();
    }

    @Test
    void theConsoleAndMarkdownShowTheJdksSideBySideAndWhereThreadsPinned() {
        String console = ConsoleReport.render(results);
        assertThat(console).contains("By JDK").contains("Pinned (top stack of each result")
                .contains("pinning virtual tasks=200 lock=synchronized [java 21.0.8+9-LTS]: 200 pinned events per iteration (median); "
                        + "stacks summed over 1 measured iteration\n")
                .contains("#1  200 events, 4,000 ms pinned")
                // The code's own frame first, then the JDK call it blocked in.
                .contains("#1  200 events, 4,000 ms pinned\n        com.example.Service.call:42")
                .contains("blocked in java.lang.Thread.sleep")
                .doesNotContain("parkOnCarrierThread");
        String md = MarkdownReport.render(results, Map.of());
        assertThat(md).contains("## By JDK").contains("| pinning | virtual | tasks=200 lock=native | not applicable |  | 2,050 | 200 |")
                .contains("## Pinned stacks");
    }

    @Test
    void pinnedStacksSurviveTheJsonLine() throws Exception {
        Result r = pinning("synchronized", JDK21, 2042, 200);
        String line = ResultJson.toLine(r);
        assertThat(line).contains("\"pinned_stacks\":[{\"events\":200,\"time_ms\":4000.0,\"frames\":[");
        Result back = ResultJson.fromLine(line);
        assertThat(back.section(PinnedStacks.SECTION)).isEqualTo(r.section(PinnedStacks.SECTION));
        assertThat(ResultJson.toLine(back)).isEqualTo(line);
        assertThat(ResultJson.fromLine(ResultJson.toLine(notApplicable("native", JDK21))).section(PinnedStacks.SECTION)).isEmpty();
    }
}
