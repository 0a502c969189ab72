package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * report, compare and advise on results folders a real short run wrote (not hand-built results): a JMH
 * result (thread-create), a not-applicable one (sleep on a bare platform thread, which runs no executor)
 * and one with a latency histogram (sleep on virtual threads). Expected figures come from the folders'
 * own results.jsonl and the run's parameters.
 */
class RealResultsFolderTest {
    /** Each sleep task sleeps this long, so no task latency can be shorter. */
    private static final double SLEEP_MS = 5;
    private static final List<String> ROUNDS = List.of("--forks", "1", "--warmup", "0", "--iterations", "2", "--timeout", "2m");

    @TempDir
    static Path tmp;
    private static Path run;
    private static Path second;

    @BeforeAll
    static void runTwice() {
        run = tmp.resolve("run");
        second = tmp.resolve("second");
        shortRun(run, "thread-create,sleep");
        shortRun(second, "sleep");
    }

    private static void shortRun(Path out, String scenarios) {
        List<String> args = new ArrayList<>(List.of("run", scenarios, "-m", "virtual,platform",
                "-p", "tasks=20", "-p", "sleep=" + (int) SLEEP_MS + "ms", "--out", out.toString()));
        if (scenarios.contains("thread-create")) {
            args.addAll(List.of("-p", "iteration-time=50ms"));
        }
        args.addAll(ROUNDS);
        CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
        assertThat(o.exit()).as(o.err()).isZero();
    }

    /** scenario, model and params of each line: what compare matches results by (one JDK here). */
    private static Set<String> keys(Path dir) throws Exception {
        Set<String> keys = new LinkedHashSet<>();
        RunContractTest.results(dir).forEach(r -> keys.add(key(r)));
        return keys;
    }

    private static String key(JsonNode r) {
        return r.get("scenario").asText() + " " + r.get("model").asText() + " " + r.get("params");
    }

    @Test
    void theRunHoldsAJmhResultANotApplicableOneAndAHistogram() throws Exception {
        List<JsonNode> results = RunContractTest.results(run);
        assertThat(results).extracting(r -> r.get("scenario").asText() + " " + r.get("model").asText())
                .containsExactly("thread-create virtual", "thread-create platform", "sleep virtual", "sleep platform");
        assertThat(results).filteredOn(r -> r.has("jmh")).hasSize(2);
        assertThat(results).filteredOn(r -> r.get("status").asText().equals("not_applicable")).hasSize(1);
        assertThat(results).filteredOn(r -> r.get("histograms").has("task_latency_ms")).hasSize(1);
    }

    @Test
    void reportReRendersExactlyWhatTheRunWrote() throws Exception {
        List<String> files = List.of("report.md", "results.csv", "report.html");
        List<String> written = new ArrayList<>();
        for (String f : files) {
            written.add(Files.readString(run.resolve(f)));
        }
        CliHarness.Outcome o = CliHarness.run("report", run.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).isEmpty();
        for (int i = 0; i < files.size(); i++) {
            assertThat(Files.readString(run.resolve(files.get(i)))).as(files.get(i)).isEqualTo(written.get(i));
        }
        List<JsonNode> results = RunContractTest.results(run);
        String md = Files.readString(run.resolve("report.md"));
        for (JsonNode r : results) {
            String row = "| " + r.get("scenario").asText() + " | " + r.get("model").asText() + " |";
            assertThat(o.out()).containsPattern(r.get("scenario").asText() + " +" + Pattern.quote(r.get("model").asText()) + " ");
            // One row in the results table, one more in the JMH table for a result JMH measured.
            assertThat(count(md, row)).as(row).isEqualTo(r.has("jmh") ? 2 : 1);
        }
        assertThat(md).contains("## Microbenchmarks (JMH)")
                .contains("### not_applicable: sleep platform tasks=20 sleep=5ms");
        List<List<String>> csv = csv(run.resolve("results.csv"));
        assertThat(csv).hasSize(1 + results.size());
        int status = csv.get(0).indexOf("status");
        for (int i = 0; i < results.size(); i++) {
            assertThat(csv.get(i + 1).subList(0, 2)).containsExactly(results.get(i).get("scenario").asText(),
                    results.get(i).get("model").asText());
            assertThat(csv.get(i + 1).get(status)).isEqualTo(results.get(i).get("status").asText());
        }
    }

    @Test
    void theLatencyPercentilesAreDrawnFromTheHistogramAndNoneIsBelowTheSleep() throws Exception {
        String html = Files.readString(run.resolve("report.html"));
        Matcher chart = Pattern.compile("\\{\"kind\":\"percentiles\".*?\"series\":(\\[.*?\\]\\]\\}\\])").matcher(html);
        assertThat(chart.find()).as("a percentile chart").isTrue();
        JsonNode series = Json.mapper().readTree(chart.group(1));
        assertThat(series).hasSize(1);
        assertThat(series.get(0).get("name").asText()).isEqualTo("virtual");
        assertThat(series.get(0).get("source").asText()).isEqualTo("histogram");
        assertThat(series.get(0).get("points")).isNotEmpty()
                .allSatisfy(p -> assertThat(p.get(1).asDouble()).isGreaterThanOrEqualTo(SLEEP_MS));
    }

    @Test
    void aFolderComparedWithItselfHasEveryRatioOneAndNoRegression() throws Exception {
        CliHarness.Outcome o = CliHarness.run("compare", run.toString(), run.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        int n = RunContractTest.results(run).size();
        assertThat(o.out()).contains("No regression beyond 5% (" + n + " results matched")
                .doesNotContain("| regressed |").doesNotContain("| improved |");
        List<JsonNode> ok = RunContractTest.results(run).stream().filter(r -> r.get("status").asText().equals("ok")).toList();
        for (JsonNode r : ok) {
            // The same samples on both sides: the pairwise ratios are ones and reciprocal pairs (a/b, b/a), median 1.
            assertThat(o.out()).containsPattern("\\| " + r.get("scenario").asText() + " \\| " + Pattern.quote(r.get("model").asText())
                    + " \\|[^\\n]*\\| ×1\\.00 ");
        }
        assertThat(o.out()).contains("| sleep | platform |").contains("baseline not applicable, candidate not applicable");
        assertThat(run.resolve("compare.html")).isNotEmptyFile();
    }

    @Test
    void aSecondRunMatchesTheResultsBothHoldAndNamesTheRest() throws Exception {
        Set<String> both = keys(run);
        both.retainAll(keys(second));
        Set<String> onlyFirst = keys(run);
        onlyFirst.removeAll(keys(second));
        CliHarness.Outcome o = CliHarness.run("compare", run.toString(), second.toString());
        // Two iterations a side are too few to judge, so nothing can regress.
        assertThat(o.exit()).as(o.out()).isZero();
        assertThat(o.out()).contains("(" + both.size() + " results matched");
        assertThat(onlyFirst).hasSize(2).allSatisfy(k -> assertThat(k).startsWith("thread-create "));
        String java = "(Java " + Runtime.version().feature() + ")";
        assertThat(o.out()).contains("Only in the baseline: thread-create virtual iteration-time=50ms " + java + "; "
                + "thread-create platform iteration-time=50ms " + java);
        assertThat(second.resolve("compare.html")).isNotEmptyFile();
    }

    @Test
    void adviseCountsTheResultsAndNamesOnlyModelsOfTheFolder() throws Exception {
        List<JsonNode> results = RunContractTest.results(run);
        Set<String> models = new LinkedHashSet<>();
        results.forEach(r -> models.add(r.get("model").asText()));
        CliHarness.Outcome o = CliHarness.run("advise", run.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("From " + results.size() + " results in " + run);
        // Each figure a recommendation rests on is a line "  - MODEL: …".
        Matcher cited = Pattern.compile("(?m)^  - ([^:\\s]+): ").matcher(o.out());
        Set<String> named = new LinkedHashSet<>();
        while (cited.find()) {
            named.add(cited.group(1));
        }
        assertThat(named).isNotEmpty();
        assertThat(models).containsAll(named);
        // Only one model ran sleep, so no model advice for it: the experiments are thread-create's.
        assertThat(o.out()).contains("## thread-create iteration-time=50ms").doesNotContain("## sleep");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static List<List<String>> csv(Path file) throws Exception {
        try (MappingIterator<List<String>> rows = new CsvMapper().readerForListOf(String.class)
                .with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(file.toFile())) {
            return rows.readAll();
        }
    }
}
