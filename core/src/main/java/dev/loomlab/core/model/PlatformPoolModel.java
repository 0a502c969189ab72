package dev.loomlab.core.model;

import java.util.concurrent.Executors;

/**
 * {@code platform:N}: a fixed pool of N platform threads ({@link Executors#newFixedThreadPool}). Unsized,
 * {@code platform} names a single platform thread ({@link ThreadKinds}).
 */
public final class PlatformPoolModel implements BlockingModel {
    @Override
    public String name() {
        return "platform";
    }

    @Override
    public String description() {
        return "fixed pool of N platform threads (Executors.newFixedThreadPool); unsized: one platform thread";
    }

    @Override
    public Sizing sizing() {
        return Sizing.OPTIONAL;
    }

    @Override
    public BlockingRunner runner(Model model) {
        int size = model.requireSize();
        return new ExecutorRunner(() -> Executors.newFixedThreadPool(size));
    }
}
