package dev.loomlab.core.pinning;

import dev.loomlab.core.param.Choice;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where a pinning task blocks: inside {@code synchronized}, a {@link ReentrantLock}, a native frame,
 * {@code Object.wait} or a class initializer. Whether each pins the carrier depends on the JDK
 * (JEP 491, JDK 24: {@code synchronized} and {@code Object.wait} no longer do; native frames and class
 * initializers still do); the scenario measures it.
 */
public enum LockKind implements Choice {
    /** {@code synchronized (own monitor) { Thread.sleep(hold) }}. */
    SYNCHRONIZED,
    /** {@code lock.lock(); try { Thread.sleep(hold) } finally { lock.unlock() }} with an own ReentrantLock. */
    REENTRANT,
    /** {@code Thread.sleep(hold)} inside a native frame: a downcall whose upcall blocks ({@link NativeFrame}). */
    NATIVE,
    /** {@code synchronized (own monitor) { monitor.wait(hold) }}, nobody notifying. */
    WAIT,
    /** {@code Thread.sleep(hold)} inside a class's static initializer (a fresh hidden class per task). */
    CLINIT;

    /**
     * This kind for {@code tasks} tasks that each block for {@code hold}.
     *
     * @throws dev.loomlab.core.workload.NotApplicableException when this JVM cannot make it (native
     *         without a {@link NativeFrame})
     */
    public LockedHold create(int tasks, Duration hold) {
        return switch (this) {
            case SYNCHRONIZED -> new SynchronizedHold(tasks, hold);
            case REENTRANT -> new ReentrantHold(tasks, hold);
            case NATIVE -> new NativeHold(hold);
            case WAIT -> new WaitHold(tasks, hold);
            case CLINIT -> new ClinitHold(hold);
        };
    }
}
