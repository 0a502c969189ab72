package dev.loomlab.reactor;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.Style;
import dev.loomlab.core.model.TaskClock;


/**
 * {@code reactor}: Project Reactor's non-blocking pipelines on its own schedulers. It runs only
 * workloads that offer a reactive form; blocking workloads report it as not applicable.
 */
final class ReactorModel implements Model {
    @Override
    public String name() {
        return "reactor";
    }

    @Override
    public Style style() {
        return Style.REACTIVE;
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        throw new UnsupportedOperationException("reactor runs only workloads with a reactive form");
    }
}
