package dev.loomlab.core.semaphore;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.workload.ValidationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A downstream of 4 slots and 20 ms calls, 40 calls: waves, exact counts, and the Semaphore that prevents rejections. */
class SemaphoreTest {
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    private TrialOutcome run(String model, String overflow) throws InterruptedException {
        return executor.execute(new TrialSpec("semaphore", model,
                Map.of("tasks", "40", "limit", "4", "latency", "20ms", "overflow", overflow), 0, 1, 0), ProgressListener.NONE);
    }

    private static Map<String, Double> metrics(TrialOutcome o) {
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        return o.iterations().get(0).metrics();
    }

    @Test
    void queuedCallsAllCompleteInWavesOfTheLimit() throws InterruptedException {
        for (String model : new String[]{"virtual", "virtual-bounded:4", "platform:100"}) {
            TrialOutcome o = run(model, "queue");
            Map<String, Double> m = metrics(o);
            assertThat(o.boundMs()).as(model).isEqualTo(200.0);
            assertThat(m.get("wall_ms")).as(model).isGreaterThanOrEqualTo(200.0);
            assertThat(m.get("calls_completed")).as(model).isEqualTo(40.0);
            assertThat(m.get("calls_rejected")).as(model).isZero();
            // (The downstream's own peak cannot exceed 4: its semaphore forbids it. That it holds is
            // theDownstreamServesAtMostItsLimitAtOnce's business, timed from outside.)
        }
    }

    @Test
    void aSmallerPoolIsItsOwnLimit() throws InterruptedException {
        TrialOutcome o = run("platform:2", "queue");
        assertThat(o.boundMs()).isEqualTo(400.0);
        Map<String, Double> m = metrics(o);
        assertThat(m.get("wall_ms")).isGreaterThanOrEqualTo(400.0);
        assertThat(m.get("downstream_peak_concurrency")).isBetween(1.0, 2.0);
    }

    @Test
    void unboundedVirtualThreadsGetRejectedButASemaphoreOfTheLimitNever() throws InterruptedException {
        Map<String, Double> unbounded = metrics(run("virtual", "reject"));
        assertThat(unbounded.get("calls_completed") + unbounded.get("calls_rejected")).isEqualTo(40.0);
        // The first four calls always find a slot; 40 calls arriving within 20 ms cannot all.
        assertThat(unbounded.get("calls_completed")).isGreaterThanOrEqualTo(4.0);
        assertThat(unbounded.get("calls_rejected")).isPositive();

        TrialOutcome bounded = run("virtual-bounded:4", "reject");
        assertThat(metrics(bounded).get("calls_rejected")).isZero();
        assertThat(metrics(bounded).get("calls_completed")).isEqualTo(40.0);
        assertThat(metrics(bounded).get("wall_ms")).isGreaterThanOrEqualTo(200.0);
        assertThat(bounded.boundMs()).isEqualTo(200.0);
        assertThat(run("virtual", "reject").boundMs()).isEqualTo(20.0);
    }

    @Test
    void aTaskWithoutAnOutcomeFailsValidation() throws Exception {
        SemaphoreWorkload w = new SemaphoreWorkload(2, 1, 0, Overflow.QUEUE);
        TaskClock clock = new TaskClock(2);
        w.prepare();
        clock.submitted(0);
        clock.run(0, w.blockingTask());
        assertThatThrownBy(() -> w.validate(clock)).isInstanceOf(ValidationException.class)
                .hasMessage("1 of 2 tasks completed");
    }

    @Test
    void theDownstreamServesAtMostItsLimitAtOnce() throws Exception {
        // Ten 50 ms calls at once through a limit of 2 need five waves: no less than 250 ms, on the test's clock.
        LimitedDownstream d = new LimitedDownstream(2, java.time.Duration.ofMillis(50), Overflow.QUEUE);
        java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger();
        long start = System.nanoTime();
        try (var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 10; i++) {
                executor.submit(() -> {
                    if (d.call()) {
                        served.incrementAndGet();
                    }
                    return null;
                });
            }
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(served.get()).isEqualTo(10);
        assertThat(ms).isGreaterThanOrEqualTo(250);
    }

    @Test
    void aCallBeyondTheLimitIsRejectedAtOnce() throws Exception {
        LimitedDownstream d = new LimitedDownstream(1, java.time.Duration.ofMillis(50), Overflow.REJECT);
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        Thread first = Thread.startVirtualThread(() -> {
            try {
                started.countDown();
                d.call();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        started.await();
        while (d.peakConcurrency() == 0) {
            Thread.onSpinWait();
        }
        assertThat(d.call()).as("the one slot is taken").isFalse();
        first.join();
        assertThat(d.call()).as("the slot is free again").isTrue();
    }
}
