package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --dry-run} prints the plan with an estimate per result and runs nothing. */
class DryRunTest {
    @TempDir
    Path tmp;

    @Test
    void thePlanIsPrintedWithEstimatesAndNothingRuns() {
        Path out = tmp.resolve("never");
        CliHarness.Outcome o = CliHarness.run("run", "sleep,cpu-sqrt", "-m", "platform:10,virtual", "-p", "tasks=100",
                "-p", "sleep=50ms", "--forks", "1", "--warmup", "1", "--iterations", "2", "--dry-run", "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        // sleep on platform:10: 100 tasks of 50 ms in waves of 10 is 500 ms an iteration; 1 + 2 iterations and
        // one trial's 1.2 s of overhead make 2.7 s at least. On virtual threads one wave: 3 × 50 ms + 1.2 s.
        assertThat(o.out()).containsPattern("sleep +platform:10 +tasks=100 sleep=50ms .*1 × \\(1 \\+ 2\\) +≥ 2\\.70 s")
                .containsPattern("sleep +virtual +tasks=100 sleep=50ms .*≥ 1\\.35 s")
                .containsPattern("cpu-sqrt +virtual .*\\? \\(no bound before it runs\\)")
                .contains("4 results, at least 4.05 s plus 2 with no bound before they run");
        assertThat(out).doesNotExist();
    }
}
