package dev.loomlab.structured;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.BlockingRunner;
import dev.loomlab.core.model.TaskClock;

import java.util.concurrent.StructuredTaskScope;

/**
 * {@code structured}: every task a subtask forked into one {@link StructuredTaskScope} (a virtual thread
 * each) and joined — JDK 25's preview API, run with {@code --enable-preview}.
 */
final class StructuredRunner implements BlockingRunner {
    @Override
    public void runAll(BlockingTask task, TaskClock clock) throws InterruptedException {
        // awaitAll: a task's failure is counted by the clock, not a reason to cancel the others.
        try (var scope = StructuredTaskScope.open(StructuredTaskScope.Joiner.<Object>awaitAll())) {
            for (int i = 0; i < clock.tasks(); i++) {
                int index = i;
                clock.submitted(index);
                scope.fork(() -> clock.run(index, task));
            }
            scope.join();
        }
    }
}
