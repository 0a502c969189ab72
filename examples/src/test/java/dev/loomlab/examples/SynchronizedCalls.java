package dev.loomlab.examples;

import dev.loomlab.junit.ExampleCondition;
import dev.loomlab.junit.NoPinning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's test of {@link SynchronizedHttpTask} under {@code @NoPinning}: {@value #CALLS} calls at once on
 * virtual threads, each blocked {@value #DELAY_MS} ms inside its monitor. It fails on JDK 21 and passes
 * from JDK 24 on; {@link SynchronizedTaskUnderNoPinningTest} runs it on both. Skipped unless run that way,
 * since on JDK 21 it fails on purpose. The threshold tolerates the brief pins of a cold HttpClient
 * ({@link ExamplesDoNotPinTest}), not a call pinned for its whole answer.
 */
@ExtendWith(ExampleCondition.class)
@NoPinning(threshold = SynchronizedCalls.THRESHOLD_MS + "ms")
public class SynchronizedCalls {
    static final int CALLS = 50;
    static final int DELAY_MS = 50;
    static final int THRESHOLD_MS = 20;

    @Test
    void callsAtOnceOnVirtualThreads() throws Exception {
        try (SynchronizedHttpTask task = new SynchronizedHttpTask(Map.of("delay-ms", String.valueOf(DELAY_MS)));
             ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < CALLS; i++) {
                calls.add(virtual.submit(task));
            }
            for (Future<Integer> call : calls) {
                assertThat(call.get()).isEqualTo(200);
            }
        }
    }
}
