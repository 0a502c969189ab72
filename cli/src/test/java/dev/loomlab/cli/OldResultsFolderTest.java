package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A results folder an earlier loomlab wrote (the quick suite, by commit 051b371: its results.jsonl, summary.json and
 * plan.json as they were) still renders, and report, advise and compare read it: results written before a change
 * of the code that reads them are the users' data.
 */
class OldResultsFolderTest {
    private static final String FOLDER = "results-051b371";

    @TempDir
    Path tmp;

    private Path copy() throws IOException {
        Path dir = tmp.resolve("old");
        Files.createDirectories(dir);
        for (String f : List.of("results.jsonl", "summary.json", "plan.json")) {
            try (InputStream in = OldResultsFolderTest.class.getResourceAsStream("/" + FOLDER + "/" + f)) {
                assertThat(in).as(f).isNotNull();
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }

    @Test
    void anEarlierQuickSuitesFolderRendersWithEveryResult() throws Exception {
        Path dir = copy();
        List<String> lines = Files.readAllLines(dir.resolve("results.jsonl"));
        Set<String> scenarios = new TreeSet<>();
        Matcher m = Pattern.compile("\"scenario\"\\s*:\\s*\"([a-z0-9-]+)\"").matcher("");
        for (String line : lines) {
            if (m.reset(line).find()) {
                scenarios.add(m.group(1));
            }
        }
        assertThat(lines).hasSize(33);
        assertThat(scenarios).contains("sleep", "web", "db", "thread-start", "memory", "pinning", "echo");

        CliHarness.Outcome o = CliHarness.run("report", dir.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).doesNotContainPattern("(?m)^\\s+at ");
        String md = Files.readString(dir.resolve("report.md"));
        for (String scenario : scenarios) {
            assertThat(md).as(scenario).contains(scenario);
        }
        // one CSV row per result, after the header
        assertThat(Files.readAllLines(dir.resolve("results.csv"))).hasSize(lines.size() + 1);
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<html").contains("\"kind\"");

        assertThat(CliHarness.run("advise", dir.toString()).exit()).isZero();
        CliHarness.Outcome same = CliHarness.run("compare", dir.toString(), dir.toString());
        assertThat(same.exit()).as(same.out() + same.err()).isZero();
        assertThat(same.out()).doesNotContain("regressed");
    }
}
