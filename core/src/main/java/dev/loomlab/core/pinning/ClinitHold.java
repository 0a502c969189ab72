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
    private static final ThreadLocal<Slot> CURRENT = new ThreadLocal<>();
    private static final byte[] BLOCKER = blockerBytes();

    private final Duration hold;

    ClinitHold(Duration hold) {
        this.hold = hold;
    }

    @Override
    public void hold(int task) throws Exception {
        Slot slot = new Slot(() -> Thread.sleep(hold));
        CURRENT.set(slot);
        try {
            MethodHandles.lookup().defineHiddenClass(BLOCKER, true);
        } finally {
            CURRENT.remove();
        }
        if (!slot.ran) {
            throw new IllegalStateException("the hidden class's initializer did not run");
        }
        if (slot.failure instanceof InterruptedException e) {
            throw e;
        }
        if (slot.failure != null) {
            throw new IllegalStateException("the hold inside the class initializer failed", slot.failure);
        }
    }

    /** Called by {@link ClinitBlocker}'s static initializer: runs the current thread's hold once. */
    static void runCurrent() {
        Slot slot = CURRENT.get();
        if (slot == null || slot.ran) {
            return;
        }
        slot.ran = true;
        try {
            slot.hold.run();
        } catch (Throwable t) {
            // Thrown out of an initializer it would become an ExceptionInInitializerError: hand it back instead.
            slot.failure = t;
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

    /** One call's hold, whether the initializer ran it, and what it threw. */
    private static final class Slot {
        final Hold hold;
        boolean ran;
        Throwable failure;

        Slot(Hold hold) {
            this.hold = hold;
        }
    }
}
