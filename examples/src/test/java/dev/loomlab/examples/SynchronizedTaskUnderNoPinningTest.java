package dev.loomlab.examples;

import dev.loomlab.core.process.BoundedCommand;
import dev.loomlab.core.trial.Jdk21Runtime;
import dev.loomlab.junit.ExampleRun;
import dev.loomlab.junit.ExampleRun.Outcome;
import dev.loomlab.junit.PinnedFailureText;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.TestExecutionResult.Status.FAILED;
import static org.junit.platform.engine.TestExecutionResult.Status.SUCCESSFUL;

/**
 * {@code @NoPinning} on the synchronized example, as a user's build runs it ({@link SynchronizedCalls}
 * through the JUnit Platform): on JDK 21 the test fails, the example's own frames at the top of the pinned
 * stack; on this JDK (24 or later, JEP 491) it passes. The JDK 21 side is required on CI.
 */
class SynchronizedTaskUnderNoPinningTest {
    private static final String TEST = "callsAtOnceOnVirtualThreads()";
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);

    @Test
    void failsOnJdk21PinnedInTheExamplesOwnFrames() throws Exception {
        List<String> command = List.of(Path.of(Jdk21Runtime.home(), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ExampleRun.class.getName(), SynchronizedCalls.class.getName());
        Optional<BoundedCommand.Output> out = BoundedCommand.run(command, RUN_LIMIT);
        assertThat(out).as("the JDK 21 run ended within " + RUN_LIMIT).isPresent();
        assertThat(out.get().exit()).as(out.get().text()).isZero();
        Outcome o = ExampleRun.parse(out.get().text()).get(TEST);
        assertThat(o).as(out.get().text()).isNotNull();
        assertThat(o.status()).as(o.text()).isEqualTo(FAILED);
        // The innermost frame of the user's code comes first: the blocking GET the monitor is held around.
        assertThat(PinnedFailureText.firstFrame(o.text())).startsWith("dev.loomlab.examples.HttpGetTask.call:");
        assertThat(o.text()).contains("dev.loomlab.examples.SynchronizedHttpTask.sendWhileHoldingTheMonitor:");
        // Every call blocked on its answer while pinned, at least once each.
        assertThat(PinnedFailureText.events(o.text())).isGreaterThanOrEqualTo(SynchronizedCalls.CALLS);
        // Only events of the threshold or longer are counted, so the total is at least that much each.
        assertThat(PinnedFailureText.totalMs(o.text()))
                .isGreaterThanOrEqualTo((double) PinnedFailureText.events(o.text()) * SynchronizedCalls.THRESHOLD_MS);
    }

    @Test
    @Tag("alone") // a class loaded under a busy machine's delay can hold a carrier past the 20 ms threshold
    void passesOnThisJdk() {
        assertThat(Runtime.version().feature()).as("JEP 491 (JDK 24) un-pins synchronized").isGreaterThanOrEqualTo(24);
        Outcome o = ExampleRun.run(SynchronizedCalls.class, Map.of()).get(TEST);
        assertThat(o).isNotNull();
        assertThat(o.status()).as(o.text()).isEqualTo(SUCCESSFUL);
    }
}
