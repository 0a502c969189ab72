package dev.loomlab.core.model;

import java.util.Locale;
import java.util.Optional;

/**
 * The kind of thread that served an HTTP request, as a server under test names it in every response's
 * {@value #HEADER} header, so that a load run can check that a server runs the model it promises (a
 * "virtual" server answering from platform threads cannot pass as one).
 */
public enum ServingThread {
    /** A virtual thread. */
    VIRTUAL,
    /** A platform thread that may block (a pool worker). */
    PLATFORM,
    /** A non-blocking event-loop thread (Netty, Reactor). */
    EVENT_LOOP;

    /** The response header naming the serving thread's kind. */
    public static final String HEADER = "X-Loomlab-Thread";

    /** The header value: {@code virtual}, {@code platform} or {@code event-loop}. */
    public String header() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The calling thread's kind; {@code nonBlocking} says that a platform thread is an event loop. */
    public static ServingThread current(boolean nonBlocking) {
        if (Thread.currentThread().isVirtual()) {
            return VIRTUAL;
        }
        return nonBlocking ? EVENT_LOOP : PLATFORM;
    }

    /** The kind a header value names, or empty when it names none. */
    public static Optional<ServingThread> ofHeader(CharSequence value) {
        if (value == null) {
            return Optional.empty();
        }
        for (ServingThread t : values()) {
            if (t.header().contentEquals(value)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
