package dev.loomlab.core.model;

import java.util.List;

/**
 * The thread-kind form of {@code platform} (unsized) and {@code virtual}, which the thread-start,
 * hand-off and memory scenarios compare; and the {@code async} model, which starts every task's
 * future from one thread and waits for none.
 */
public final class ThreadKinds implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(ModelKind.of("async", Sizing.NONE, ServingThread.EVENT_LOOP,
                "non-blocking tasks started from one thread, completing futures (e.g. HttpClient.sendAsync)"));
    }

    @Override
    public List<RunnerBinding<?>> runners() {
        return List.of(
                new RunnerBinding<>("platform", Form.THREADS, m -> m.size().isEmpty()
                        ? java.util.Optional.of(ThreadKind.PLATFORM) : java.util.Optional.empty()),
                RunnerBinding.of("virtual", Form.THREADS, m -> ThreadKind.VIRTUAL),
                RunnerBinding.of("async", Form.ASYNC, m -> new AsyncRunner()));
    }
}
