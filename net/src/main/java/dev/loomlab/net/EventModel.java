package dev.loomlab.net;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.Style;
import dev.loomlab.core.model.TaskClock;

/**
 * A non-blocking model ({@link Style#ASYNC}): {@code async} (HttpClient.sendAsync) or {@code nio}
 * (Netty event loops). It runs only workloads with a form of their own for it; others say
 * "not applicable".
 */
record EventModel(String name) implements Model {
    @Override
    public Style style() {
        return Style.ASYNC;
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        throw new UnsupportedOperationException(name + " runs only workloads with a non-blocking form");
    }
}
