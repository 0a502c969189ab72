package dev.loomlab.core.pinning;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pinning scenario in this JVM (the JDK running the tests, 25 on CI): which lock kinds pin, counted
 * exactly by JFR, and what pinning costs — at least ceil(tasks / carriers) × hold. Cross-JDK runs are in
 * the CLI's tests; lock=native in module foreign's (core alone has no native frame).
 */
class PinningTest {
    private static final int TASKS = 8;
    private static final double HOLD_MS = 50;
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    private TrialOutcome run(String model, String lock) throws InterruptedException {
        return executor.execute(new TrialSpec("pinning", model,
                Map.of("tasks", Integer.toString(TASKS), "hold", (int) HOLD_MS + "ms", "lock", lock), 0, 1, 0), ProgressListener.NONE);
    }

    private static IterationResult only(TrialOutcome o) {
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        return o.iterations().get(0);
    }

    private static double carriers() {
        return PinningWorkload.schedulerParallelism();
    }

    @Test
    void blockingInAClassInitializerPinsEveryTaskOnEveryJdk() throws InterruptedException {
        IterationResult it = only(run("virtual", "clinit"));
        double pinnedBound = Math.ceil(TASKS / carriers()) * HOLD_MS;
        // At least one event per task (threads waiting for a class or call site to be linked add their own).
        assertThat(it.metrics().get("pinned_events")).isGreaterThanOrEqualTo(TASKS);
        assertThat(it.metrics().get("pinned_time_ms")).isGreaterThan(0.0);
        assertThat(it.metrics().get("pinned_bound_ms")).isEqualTo(pinnedBound);
        assertThat(it.metrics().get("wall_ms")).isGreaterThanOrEqualTo(pinnedBound);
        PinnedStack top = it.section(PinnedStacks.SECTION).orElseThrow().get(0);
        assertThat(top.events()).isGreaterThanOrEqualTo(TASKS);
        assertThat(top.frames())
                .anySatisfy(f -> assertThat(f).startsWith("dev.loomlab.core.pinning.ClinitHold.runCurrent:"))
                .anySatisfy(f -> assertThat(f).startsWith("dev.loomlab.core.pinning.ClinitBlocker.<clinit>"))
                .noneSatisfy(f -> assertThat(f).contains("0x"));
    }

    @Test
    void aReentrantLockNeverPins() throws InterruptedException {
        IterationResult it = only(run("virtual", "reentrant"));
        assertThat(it.metrics().get("pinned_events")).isZero();
        assertThat(it.metrics().get("pinned_time_ms")).isZero();
        assertThat(it.section(PinnedStacks.SECTION)).hasValue(List.of());
        assertThat(it.metrics().get("wall_ms")).isGreaterThanOrEqualTo(HOLD_MS);
    }

    @Test
    void synchronizedPinsBeforeJdk24Only() throws InterruptedException {
        IterationResult sync = only(run("virtual", "synchronized"));
        if (Runtime.version().feature() >= 24) {
            assertThat(sync.metrics().get("pinned_events")).isZero();
        } else {
            assertThat(sync.metrics().get("pinned_events")).isGreaterThanOrEqualTo(TASKS);
            assertThat(sync.metrics().get("wall_ms")).isGreaterThanOrEqualTo(sync.metrics().get("pinned_bound_ms"));
        }
    }

    /**
     * From JDK 24 a wait does not pin, and JFR, which would record a pinned wait there, records none.
     * Before 24 a wait pins without a JFR event, so events cannot tell: ObjectWaitPinningTest checks the
     * pinning itself, on JDK 21, through carriers and time.
     */
    @Test
    void waitRaisesNoPinnedEventFromJdk24() throws InterruptedException {
        IterationResult wait = only(run("virtual", "wait"));
        assertThat(wait.metrics().get("wall_ms")).isGreaterThanOrEqualTo(HOLD_MS);
        if (Runtime.version().feature() >= 24) {
            assertThat(wait.metrics().get("pinned_events")).isZero();
        }
    }

    @Test
    void platformThreadsHaveNoCarrierToPinAndNoPinnedBound() throws InterruptedException {
        IterationResult it = only(run("platform:4", "clinit"));
        assertThat(it.metrics().get("pinned_events")).isZero();
        assertThat(it.metrics()).doesNotContainKey("pinned_bound_ms");
        assertThat(it.metrics().get("wall_ms")).isGreaterThanOrEqualTo(Math.ceil(TASKS / 4.0) * HOLD_MS);
    }

    @Test
    void aNativeFrameIsNotApplicableWithoutTheForeignModule() throws InterruptedException {
        TrialOutcome o = run("virtual", "native");
        assertThat(o.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(o.error()).startsWith("lock=native needs a native frame").contains("Foreign Function API");
    }

    @Test
    void theBoundIsOneHoldUnlessTheModelLimitsTasks() throws InterruptedException {
        assertThat(run("virtual", "reentrant").boundMs()).isEqualTo(HOLD_MS);
        assertThat(run("virtual-bounded:3", "reentrant").boundMs()).isEqualTo(3 * HOLD_MS);
    }

    @Test
    void hiddenClassAndLambdaSuffixesAreRemovedFromFrames() {
        assertThat(PinnedEvents.frame("a.B$Blocker+0x0000000800114400.975153903", "<clinit>", 11)).isEqualTo("a.B$Blocker.<clinit>:11");
        assertThat(PinnedEvents.frame("a.B$Blocker.0x000000003b04e400", "<clinit>", 11)).isEqualTo("a.B$Blocker.<clinit>:11");
        assertThat(PinnedEvents.frame("a.B$$Lambda/0x00007f3c0c00a000", "run", -1)).isEqualTo("a.B$$Lambda.run");
        assertThat(PinnedEvents.frame("java.lang.Thread", "sleep", 0)).isEqualTo("java.lang.Thread.sleep");
    }

    @Test
    void equalStacksMergeAndTheMostFrequentComeFirst() {
        List<String> a = List.of("x.A.f:1");
        List<String> b = List.of("x.B.g:2");
        List<PinnedStack> top = PinnedStack.top(List.of(new PinnedStack(1, 20, a), new PinnedStack(2, 5, b),
                new PinnedStack(3, 60, a), new PinnedStack(1, 1, List.of("x.C.h"))), 2);
        assertThat(top).containsExactly(new PinnedStack(4, 80, a), new PinnedStack(2, 5, b));
    }
}
