package dev.loomlab.foreign;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The qsort native frame runs its hold inside an upcall, and a virtual thread blocking there pins on every JDK. */
class NativeFrameTest {
    private final QsortNativeFrame frame = new QsortNativeFrame();

    @Test
    void theHoldRunsInsideTheComparatorUpcallOnTheCallingThread() throws InterruptedException {
        Thread caller = Thread.currentThread();
        boolean[] ran = new boolean[1];
        frame.call(() -> {
            ran[0] = Thread.currentThread() == caller && StackWalker.getInstance().walk(s -> s
                    .anyMatch(f -> f.getClassName().equals(QsortNativeFrame.class.getName()) && f.getMethodName().equals("compare")));
        });
        assertThat(ran[0]).isTrue();
    }

    @Test
    void whatTheHoldThrowsComesBackToTheCaller() {
        assertThatThrownBy(() -> frame.call(() -> {
            throw new InterruptedException("stop");
        })).isInstanceOf(InterruptedException.class).hasMessage("stop");
        assertThatThrownBy(() -> frame.call(() -> {
            throw new IllegalArgumentException("bad");
        })).isInstanceOf(IllegalArgumentException.class).hasMessage("bad");
    }

    @Test
    void virtualThreadsBlockingInTheNativeFramePinTheirCarriers() throws InterruptedException {
        TrialOutcome o = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load()).execute(new TrialSpec("pinning",
                "virtual", Map.of("tasks", "8", "hold", "50ms", "lock", "native"), 0, 1, 0), ProgressListener.NONE);
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        IterationResult it = o.iterations().get(0);
        assertThat(it.metrics().get("pinned_events")).isGreaterThanOrEqualTo(8.0);
        assertThat(it.metrics().get("wall_ms")).isGreaterThanOrEqualTo(it.metrics().get("pinned_bound_ms"));
        PinnedStack top = it.section(PinnedStacks.SECTION).orElseThrow().get(0);
        assertThat(top.frames()).anySatisfy(f -> assertThat(f).startsWith("dev.loomlab.foreign.QsortNativeFrame.compare:"));
    }
}
