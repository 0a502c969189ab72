package dev.loomlab.core.model;

import dev.loomlab.core.model.BlockingRunner;
import dev.loomlab.core.model.Form;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Physical lower bounds every model must respect: a pool of N cannot run more than N sleeps at once. */
class ModelLowerBoundTest {
    private final ModelCatalog catalog = ModelCatalog.load();

    private BlockingRunner blocking(String model) {
        return catalog.runners(catalog.create(model)).get(Form.BLOCKING).orElseThrow();
    }

    private long runSleeps(String model, int tasks, long sleepMs, AtomicInteger peak) throws InterruptedException {
        AtomicInteger running = new AtomicInteger();
        TaskClock clock = new TaskClock(tasks);
        long start = System.nanoTime();
        blocking(model).runAll(i -> {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            Thread.sleep(sleepMs);
            running.decrementAndGet();
        }, clock);
        long wallMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(clock.completedCount()).isEqualTo(tasks);
        assertThat(clock.failures()).isZero();
        for (int i = 0; i < tasks; i++) {
            assertThat(clock.latencyNanos(i)).isGreaterThanOrEqualTo(sleepMs * 1_000_000);
        }
        return wallMs;
    }

    @Test
    void aPoolOfTenCannotFinishHundredFiftyMsTasksUnder500ms() throws InterruptedException {
        for (String model : new String[]{"platform:10", "virtual-bounded:10", "forkjoin:10"}) {
            AtomicInteger peak = new AtomicInteger();
            assertThat(runSleeps(model, 100, 50, peak)).as(model).isGreaterThanOrEqualTo(500);
            assertThat(peak.get()).as(model + " concurrency").isLessThanOrEqualTo(10);
        }
    }

    @Test
    void unboundedModelsRunAllAtOnceButNoFasterThanOneSleep() throws InterruptedException {
        for (String model : new String[]{"virtual", "thread-per-task", "platform-cached"}) {
            AtomicInteger peak = new AtomicInteger();
            assertThat(runSleeps(model, 100, 200, peak)).as(model).isGreaterThanOrEqualTo(200);
            // Many sleeping together is what distinguishes them from a pool: starting 100 threads takes
            // far less than one 200 ms sleep, so more than 10 overlap even on a loaded machine.
            assertThat(peak.get()).as(model + " concurrency").isGreaterThan(10);
        }
    }

    @Test
    void aThrowingTaskIsCountedNotLost() throws InterruptedException {
        TaskClock clock = new TaskClock(10);
        blocking("virtual").runAll(i -> {
            if (i == 3) {
                throw new IllegalStateException("boom");
            }
        }, clock);
        assertThat(clock.completedCount()).isEqualTo(10);
        assertThat(clock.failures()).isEqualTo(1);
        assertThat(clock.firstFailure()).hasMessage("boom");
    }
}
