package dev.loomlab.core.model;


import java.util.concurrent.Executors;

/** {@code virtual}: a virtual thread per task ({@link Executors#newVirtualThreadPerTaskExecutor}). */
public final class VirtualModel implements BlockingModel {
    @Override
    public String name() {
        return "virtual";
    }

    @Override
    public String description() {
        return "a virtual thread per task (newVirtualThreadPerTaskExecutor); as a thread kind, one virtual thread";
    }

    @Override
    public ServingThread threads() {
        return ServingThread.VIRTUAL;
    }

    @Override
    public BlockingRunner runner(Model model) {
        return new ExecutorRunner(Executors::newVirtualThreadPerTaskExecutor);
    }
}
