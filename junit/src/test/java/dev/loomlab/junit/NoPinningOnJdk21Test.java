package dev.loomlab.junit;

import dev.loomlab.core.process.BoundedCommand;
import dev.loomlab.core.trial.Jdk21Runtime;
import dev.loomlab.junit.ExampleRun.Outcome;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.TestExecutionResult.Status.FAILED;

/**
 * The JEP 491 example on JDK 21, where {@code synchronized} pins: {@link Examples.SynchronizedSleep}
 * run by {@link ExampleRun} in a JDK 21 JVM with this module's test class path fails, its own frame at the
 * top of the printed stack. ({@link NoPinningTest} runs it on this JDK, where it passes.) Required on CI.
 */
class NoPinningOnJdk21Test {
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);

    @Test
    void sleepingInsideSynchronizedFailsOnJdk21WithTheExamplesFrameFirst() throws Exception {
        String jdk21 = Jdk21Runtime.home();
        List<String> command = List.of(Path.of(jdk21, "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                ExampleRun.class.getName(), Examples.SynchronizedSleep.class.getName());
        Optional<BoundedCommand.Output> out = BoundedCommand.run(command, RUN_LIMIT);
        assertThat(out).as("the JDK 21 run ended within " + RUN_LIMIT).isPresent();
        assertThat(out.get().exit()).as(out.get().text()).isZero();
        Map<String, Outcome> outcomes = ExampleRun.parse(out.get().text());
        Outcome o = outcomes.get("sleepsInsideSynchronized()");
        assertThat(o).as(out.get().text()).isNotNull();
        assertThat(o.status()).as(o.text()).isEqualTo(FAILED);
        assertThat(PinnedFailureText.firstFrame(o.text())).startsWith("dev.loomlab.junit.Examples$SynchronizedSleep.hold:");
        // Each task slept pinned at least once (a sleep woken early parks again for the rest).
        assertThat(PinnedFailureText.events(o.text())).isGreaterThanOrEqualTo(Examples.SynchronizedSleep.TASKS);
        assertThat(PinnedFailureText.totalMs(o.text())).isPositive();
    }
}
