package dev.loomlab.core.pinning;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.time.Duration;

/**
 * {@code lock=clinit}: sleeps inside a class's static initializer. A class initializes once, so each
 * call defines a fresh hidden copy of {@link ClinitBlocker} (same bytes, a new class each time) and
 * initializes it, which runs the hold on the calling thread. The initializer cannot take arguments, so
 * the hold reaches it through a thread-local slot, and its outcome comes back the same way.
 */
final class ClinitHold implements LockedHold {
    private static final ThreadLocal<FramedHold> CURRENT = new ThreadLocal<>();
    private static final byte[] BLOCKER = blockerBytes();

    private final Duration hold;

    ClinitHold(Duration hold) {
        this.hold = hold;
    }

    @Override
    public void hold(int task) throws Exception {
        FramedHold framed = new FramedHold(() -> Thread.sleep(hold));
        CURRENT.set(framed);
        try {
            MethodHandles.lookup().defineHiddenClass(BLOCKER, true);
        } finally {
            CURRENT.remove();
        }
        framed.rethrow("the hidden class's initializer did not run");
    }

    /** Called by {@link ClinitBlocker}'s static initializer: runs the current thread's hold once. */
    static void runCurrent() {
        FramedHold framed = CURRENT.get();
        if (framed != null) {
            framed.runOnce();
        }
    }

    private static byte[] blockerBytes() {
        try (InputStream in = ClinitHold.class.getResourceAsStream("ClinitBlocker.class")) {
            if (in == null) {
                throw new IllegalStateException("ClinitBlocker.class is missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
