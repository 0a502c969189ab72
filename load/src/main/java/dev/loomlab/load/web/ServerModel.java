package dev.loomlab.load.web;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.Style;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.server.ServingThread;

import java.util.List;
import java.util.OptionalInt;

/**
 * A server under test as a model of the web scenario: which server (its folder under
 * {@code dist/servers}), its main class and mode arguments, the kind of thread it promises to serve
 * requests on, and how many requests it can serve at once (a pool's size; empty when unbounded).
 * It runs no tasks in the trial JVM ({@link Style#SERVER}): other scenarios say "not applicable".
 */
public record ServerModel(String name, String server, String mainClass, List<String> modeArgs, ServingThread promise,
                          OptionalInt threads, String description) implements Model {

    @Override
    public Style style() {
        return Style.SERVER;
    }

    @Override
    public OptionalInt concurrency() {
        return threads;
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        throw new UnsupportedOperationException(name + " is a server under test: it runs only the web scenario");
    }
}
