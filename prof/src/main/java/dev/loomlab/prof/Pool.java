package dev.loomlab.prof;

import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * The pools a park can be waiting on, told by a frame of its stack: HikariCP ({@code com.zaxxer.hikari.pool},
 * its {@code ConcurrentBag}), r2dbc-pool ({@code io.r2dbc.pool}) and {@link java.util.concurrent.Semaphore}'s
 * acquire (what loomlab's own bounded models and many pools wait in).
 */
enum Pool {
    // Named pools first: a stack with one of their frames is theirs, whatever semaphore it parks in.
    HIKARICP("HikariCP", "a pool connection"),
    R2DBC_POOL("r2dbc-pool", "a pool connection"),
    SEMAPHORE("Semaphore", "a semaphore permit");

    private final String label;
    private final String waitsFor;

    Pool(String label, String waitsFor) {
        this.label = label;
        this.waitsFor = waitsFor;
    }

    /** {@code HikariCP}, {@code r2dbc-pool} or {@code Semaphore}. */
    String label() {
        return label;
    }

    /** What a thread parked in this pool waits for, e.g. {@code a pool connection}. */
    String waitsFor() {
        return waitsFor;
    }

    /** The pool labelled {@code label} ({@link #label()}). */
    static Pool labelled(String label) {
        for (Pool p : values()) {
            if (p.label.equals(label)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no pool " + label);
    }

    /**
     * The pool {@code trace} waits in: a named pool when any frame is one of its own (HikariCP's own locks may
     * park in a semaphore), else a semaphore's acquire; null when no frame belongs to a pool.
     */
    static Pool of(RecordedStackTrace trace) {
        if (trace == null) {
            return null;
        }
        Pool found = null;
        for (RecordedFrame f : trace.getFrames()) {
            RecordedMethod m = f.getMethod();
            Pool p = of(m.getType() == null ? "" : m.getType().getName(), m.getName());
            if (p != null && (found == null || p.ordinal() < found.ordinal())) {
                found = p;
            }
        }
        return found;
    }

    /** The pool a frame of class {@code type}, method {@code method} belongs to; null when none. */
    static Pool of(String type, String method) {
        if (type.startsWith("com.zaxxer.hikari.pool.") || type.equals("com.zaxxer.hikari.util.ConcurrentBag")) {
            return HIKARICP;
        }
        if (type.startsWith("io.r2dbc.pool.")) {
            return R2DBC_POOL;
        }
        if (type.equals("java.util.concurrent.Semaphore") && (method.startsWith("acquire") || method.startsWith("tryAcquire"))) {
            return SEMAPHORE;
        }
        return null;
    }
}
