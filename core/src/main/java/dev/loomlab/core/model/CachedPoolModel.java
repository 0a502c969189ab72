package dev.loomlab.core.model;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code platform-cached}: {@link Executors#newCachedThreadPool}, which grows a platform thread per waiting task. */
final class CachedPoolModel extends ExecutorModel {
    CachedPoolModel() {
        super("platform-cached");
    }

    @Override
    ExecutorService newExecutor() {
        return Executors.newCachedThreadPool();
    }
}
