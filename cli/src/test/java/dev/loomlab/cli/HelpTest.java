package dev.loomlab.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class HelpTest {
    private static final String QUICK_SUITE_TIME = "quick suite (about a minute";

    /** The help and the README tell the same time for the quick suite. */
    @Test
    void helpAndReadmeAgreeOnHowLongTheQuickSuiteTakes() throws Exception {
        CliHarness.Outcome o = CliHarness.run("--help");
        assertThat(o.exit()).isZero();
        assertThat(o.out()).contains(QUICK_SUITE_TIME).doesNotContain("a few minutes");

        Path readme = Path.of(System.getProperty("loomlab.home", "..")).resolve("README.md");
        String text = Files.readString(readme);
        assertThat(text).contains(QUICK_SUITE_TIME).doesNotContain("about two minutes").doesNotContain("a few minutes");
    }
}
