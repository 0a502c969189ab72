package dev.loomlab.core.model;

/**
 * A way a workload's tasks can be written — blocking calls, futures, a fan-out of calls, a server under
 * test … — and the key to the runner a model registers for it. A workload offers one or more forms; a
 * model runs a workload when it has a runner for one of them, and is "not applicable" otherwise.
 *
 * @param name   as lists and reasons spell it, e.g. {@code blocking}
 * @param runner the type of the runner a model registers for this form
 * @param <R>    that type
 */
public record Form<R>(String name, Class<R> runner) {
    /** Plain blocking code, each task a {@link BlockingTask}, run by a {@link BlockingRunner}. */
    public static final Form<BlockingRunner> BLOCKING = new Form<>("blocking", BlockingRunner.class);
    /** Non-blocking code: each task starts a {@link java.util.concurrent.CompletionStage}, run by an {@link AsyncRunner}. */
    public static final Form<AsyncRunner> ASYNC = new Form<>("async", AsyncRunner.class);
    /** Single threads of one kind, for scenarios that measure a thread itself (start, hand-off, memory). */
    public static final Form<ThreadKind> THREADS = new Form<>("threads", ThreadKind.class);

    @Override
    public String toString() {
        return name;
    }
}
