package dev.loomlab.core.model;

import java.util.concurrent.Executors;

/** {@code platform-cached}: {@link Executors#newCachedThreadPool}, which grows a platform thread per waiting task. */
public final class CachedPoolModel implements BlockingModel {
    @Override
    public String name() {
        return "platform-cached";
    }

    @Override
    public String description() {
        return "cached pool of platform threads, grows on demand";
    }

    @Override
    public BlockingRunner runner(Model model) {
        return new ExecutorRunner(Executors::newCachedThreadPool);
    }
}
