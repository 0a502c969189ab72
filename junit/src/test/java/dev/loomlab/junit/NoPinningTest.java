package dev.loomlab.junit;

import dev.loomlab.junit.ExampleRun.Outcome;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.TestExecutionResult.Status.FAILED;
import static org.junit.platform.engine.TestExecutionResult.Status.SUCCESSFUL;

/**
 * {@link NoPinning} on the JDK running the tests (JDK 25 here and on CI): the {@link Examples} run
 * through the JUnit Platform in this JVM, and what passed, what failed and what the failures say.
 * The JDK 21 side is {@link NoPinningOnJdk21Test}.
 */
class NoPinningTest {
    static Map<String, Outcome> run(Class<?> examples) {
        return ExampleRun.run(examples, Map.of());
    }

    @Test
    void aClassInitializerThatBlocksFailsTheTestWithTheExamplesOwnFrameFirst() {
        Outcome o = run(Examples.ClassInitializer.class).get("initializesASlowClass()");
        assertThat(o.status()).as(o.text()).isEqualTo(FAILED);
        assertThat(o.text()).startsWith("java.lang.AssertionError: initializesASlowClass() pinned a carrier thread");
        assertThat(PinnedFailureText.firstFrame(o.text())).startsWith("dev.loomlab.junit.Examples$ClassInitializer$Slow.<clinit>:");
        // One virtual thread initialized the class once, and slept pinned there once.
        assertThat(PinnedFailureText.events(o.text())).isEqualTo(1);
        assertThat(PinnedFailureText.totalMs(o.text())).isPositive();
        assertThat(o.text()).containsPattern("\\n {6}dev\\.loomlab\\.junit\\.Examples\\.initialize:\\d+\\n")
                .containsPattern("\\n    blocked in \\(innermost first\\): [^\\n]*java\\.lang\\.Thread\\.sleep");
    }

    @Test
    void sleepingInsideSynchronizedPassesFromJdk24() {
        assumeTrue(Runtime.version().feature() >= 24, "JEP 491 (synchronized no longer pins) needs JDK 24+");
        Outcome o = run(Examples.SynchronizedSleep.class).get("sleepsInsideSynchronized()");
        assertThat(o.status()).as(o.text()).isEqualTo(SUCCESSFUL);
    }

    @Test
    void theExtensionRegisteredAloneFailsEveryPin() {
        Outcome o = run(Examples.ExtensionAlone.class).get("pins()");
        assertThat(o.status()).isEqualTo(FAILED);
        assertThat(PinnedFailureText.firstFrame(o.text())).startsWith("dev.loomlab.junit.Examples.sleep:");
        assertThat(o.text()).contains("\n      dev.loomlab.junit.Examples$ExtensionAlone$Slow.<clinit>:").contains("each 0ms or longer");
    }

    @Test
    void aThresholdToleratesShorterPinsOnly() {
        Map<String, Outcome> outcomes = run(Examples.Thresholds.class);
        assertThat(outcomes.get("pinsForLessThanItsThreshold()").status()).isEqualTo(SUCCESSFUL);
        Outcome over = outcomes.get("pinsForMoreThanItsThreshold()");
        // The pin lasted about LONG_HOLD_MS (300 ms): the sleep, less the moment before it found itself pinned.
        assertThat(over.status()).isEqualTo(FAILED);
        assertThat(over.text()).contains("each 20ms or longer");
        assertThat(PinnedFailureText.firstFrame(over.text())).startsWith("dev.loomlab.junit.Examples.sleep:");
        assertThat(over.text()).contains("dev.loomlab.junit.Examples$Thresholds$LongerPin.<clinit>");
    }

    @Test
    void aMethodsOwnAnnotationWinsOverItsClasss() {
        Map<String, Outcome> outcomes = run(Examples.ClassAndMethod.class);
        assertThat(outcomes.get("takesTheClassThreshold()").status()).isEqualTo(SUCCESSFUL);
        assertThat(outcomes.get("takesItsOwnDefaults()").status()).isEqualTo(FAILED);
    }

    @Test
    void aNestedClassTakesItsOwnAnnotationOrElseItsEnclosingClasss() {
        Map<String, Outcome> outcomes = run(Examples.Enclosing.class);
        assertThat(outcomes.get("takesTheEnclosingClassThreshold()").status()).isEqualTo(SUCCESSFUL);
        assertThat(outcomes.get("takesItsOwnClassDefaults()").status()).isEqualTo(FAILED);
    }

    @Test
    void pinsAtAnAllowedFrameAreToleratedAndAnEntryNamesWholeClassesOnly() {
        Map<String, Outcome> outcomes = run(Examples.Allowed.class);
        assertThat(outcomes.get("pinsInAnAllowedClass()").status()).isEqualTo(SUCCESSFUL);
        Outcome other = outcomes.get("pinsInAClassWhoseNameOnlyStartsLikeAnAllowedOne()");
        assertThat(other.status()).isEqualTo(FAILED);
        assertThat(other.text()).contains("Examples$Allowed$LegacyTwo.<clinit>").doesNotContain("at allowed frames");
    }

    @Test
    void eachRepetitionIsJudgedByItsOwnPins() {
        Map<String, Outcome> outcomes = run(Examples.Repeated.class);
        assertThat(outcomes.get("repetition 1 of 2").status()).isEqualTo(FAILED);
        assertThat(outcomes.get("repetition 2 of 2").status()).as(outcomes.get("repetition 2 of 2").text()).isEqualTo(SUCCESSFUL);
    }

    @Test
    void aTestThatFailsOnItsOwnKeepsItsFailureWithThePinningAdded() {
        Outcome o = run(Examples.OwnFailure.class).get("pinsAndFails()");
        assertThat(o.status()).isEqualTo(FAILED);
        assertThat(o.text()).startsWith("java.lang.AssertionError: its own failure\nsuppressed: java.lang.AssertionError: pinsAndFails() pinned a carrier thread: 1 pinned event,");
    }

    @Test
    void aPinThatBeganBeforeTheTestIsNotItsOwn() {
        Map<String, Outcome> outcomes = run(Examples.LeftoverPin.class);
        assertThat(outcomes.get("leavesAPinnedThreadRunning()").status()).isEqualTo(SUCCESSFUL);
        // That test itself checked that the pin ended while it ran, so its recording holds the event.
        Outcome second = outcomes.get("waitsForThatPinToEnd()");
        assertThat(second.status()).as(second.text()).isEqualTo(SUCCESSFUL);
    }

    @Test
    void underParallelExecutionAnAnnotatedTestRunsAlone() {
        Map<String, Outcome> outcomes = ExampleRun.run(Examples.ParallelNeighbours.class, Map.of(
                "junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.mode.default", "concurrent"));
        assertThat(outcomes.get("pinsWithoutTheAnnotation()").status()).isEqualTo(SUCCESSFUL);
        assertThat(outcomes.get("sleepsUnpinnedMeanwhile()").status()).as(outcomes.get("sleepsUnpinnedMeanwhile()").text()).isEqualTo(SUCCESSFUL);
        long[] pinning = Examples.ParallelNeighbours.pinning;
        long[] watched = Examples.ParallelNeighbours.watched;
        assertThat(pinning[1]).isGreaterThan(pinning[0]);
        assertThat(watched[1]).isGreaterThan(watched[0]);
        assertThat(pinning[1] <= watched[0] || watched[1] <= pinning[0]).as("the two tests' spans are disjoint").isTrue();
    }

    @Test
    void optionsThatAreNotWhatTheyShouldBeFailTheTestWithWhatIsWrong() {
        Map<String, Outcome> outcomes = run(Examples.BadOptions.class);
        assertThat(outcomes.get("thresholdWithoutUnit()").status()).isEqualTo(FAILED);
        assertThat(outcomes.get("thresholdWithoutUnit()").text())
                .isEqualTo("org.junit.jupiter.api.extension.ExtensionConfigurationException: @NoPinning(threshold): '20' needs a unit (ns, us, ms, s, m, h), e.g. 300ms");
        assertThat(outcomes.get("blankAllowEntry()").text())
                .isEqualTo("org.junit.jupiter.api.extension.ExtensionConfigurationException: @NoPinning(allow): ' ' is not a package, class or method name");
    }
}
