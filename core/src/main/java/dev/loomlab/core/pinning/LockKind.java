package dev.loomlab.core.pinning;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where a pinning task blocks: inside {@code synchronized}, a {@link ReentrantLock}, a native frame,
 * {@code Object.wait} or a class initializer. Whether each pins the carrier depends on the JDK
 * (JEP 491, JDK 24: {@code synchronized} and {@code Object.wait} no longer do; native frames and class
 * initializers still do); the scenario measures it.
 */
public enum LockKind {
    /** {@code synchronized (own monitor) { Thread.sleep(hold) }}. */
    SYNCHRONIZED("synchronized"),
    /** {@code lock.lock(); try { Thread.sleep(hold) } finally { lock.unlock() }} with an own ReentrantLock. */
    REENTRANT("reentrant"),
    /** {@code Thread.sleep(hold)} inside a native frame: a downcall whose upcall blocks ({@link NativeFrame}). */
    NATIVE("native"),
    /** {@code synchronized (own monitor) { monitor.wait(hold) }}, nobody notifying. */
    WAIT("wait"),
    /** {@code Thread.sleep(hold)} inside a class's static initializer (a fresh hidden class per task). */
    CLINIT("clinit");

    private final String word;

    LockKind(String word) {
        this.word = word;
    }

    /** The parameter's word for this kind, e.g. {@code synchronized}. */
    public String word() {
        return word;
    }

    /** Every kind's word, in declaration order. */
    public static List<String> words() {
        return Arrays.stream(values()).map(LockKind::word).toList();
    }

    public static LockKind of(String word) {
        for (LockKind k : values()) {
            if (k.word.equals(word)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no lock kind " + word);
    }

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
