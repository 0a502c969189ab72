package dev.loomlab.core.model;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code virtual}: a virtual thread per task ({@link Executors#newVirtualThreadPerTaskExecutor}). */
final class VirtualModel extends ExecutorModel {
    VirtualModel() {
        super("virtual");
    }

    @Override
    ExecutorService newExecutor() {
        return Executors.newVirtualThreadPerTaskExecutor();
    }
}
