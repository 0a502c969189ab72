package dev.loomlab.examples;

import dev.loomlab.junit.NoPinning;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The examples in a user's own build: 50 calls at once on virtual threads, each test failing if any call
 * pinned a carrier ({@code @NoPinning}). On this JDK (24 or later, JEP 491) blocking inside
 * {@code synchronized} does not pin, so both pass; on JDK 21 the synchronized one fails, pinned in its own
 * frames ({@link SynchronizedTaskUnderNoPinningTest}; through {@code loomlab run task}, the CLI's ExamplesTest).
 */
@NoPinning
class ExamplesDoNotPinTest {
    private static final int CALLS = 50;

    private static void callAtOnce(Callable<Integer> task) throws Exception {
        try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < CALLS; i++) {
                calls.add(virtual.submit(task));
            }
            for (Future<Integer> call : calls) {
                assertThat(call.get()).isEqualTo(200);
            }
        }
    }

    @Test
    void theBlockingHttpTask() throws Exception {
        try (HttpGetTask task = new HttpGetTask(Map.of("delay-ms", "20"))) {
            callAtOnce(task);
        }
    }

    /**
     * On this JDK the monitor no longer pins a blocked call, but a cold HttpClient still pins for a moment
     * inside it — native frames loading classes and opening sockets (measured: 41 events, 19.7 ms in all,
     * the longest 1.9 ms). Those are tolerated below 20 ms; a call blocked for its 50 ms answer is not.
     */
    @Test
    @NoPinning(threshold = "20ms")
    void theSynchronizedTaskOnThisJdk() throws Exception {
        assertThat(Runtime.version().feature()).as("JEP 491 (JDK 24) un-pins synchronized").isGreaterThanOrEqualTo(24);
        try (SynchronizedHttpTask task = new SynchronizedHttpTask(Map.of("delay-ms", "50"))) {
            callAtOnce(task);
        }
    }
}
