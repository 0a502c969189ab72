package dev.loomlab.core.model;

/** The programming style a model runs tasks in; a workload offers one or more of these. */
public enum Style {
    /** Plain blocking code: a task is a {@link BlockingTask}. */
    BLOCKING,
    /** Kotlin suspending functions: runs only workloads that offer a form of their own for it. */
    SUSPENDING,
    /** Reactive streams (Reactor): runs only workloads that offer a form of their own for it. */
    REACTIVE,
    /** Non-blocking I/O with callbacks or futures (HttpClient.sendAsync, Netty event loops): runs only workloads that offer a form of their own for it. */
    ASYNC,
    /** A server under test in a JVM of its own, loaded over HTTP (the web scenario): runs no tasks here. */
    SERVER
}
