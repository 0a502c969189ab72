package dev.loomlab.core.pinning;

/**
 * A hold run from inside a frame that no exception may leave — a class initializer, where it would become an
 * {@link ExceptionInInitializerError}, or a native upcall, where it would end the JVM: run there once, and what it
 * threw handed back to the caller once the frame has returned ({@link #rethrow}).
 */
public final class FramedHold {
    private final Hold hold;
    private boolean ran;
    private Throwable failure;

    public FramedHold(Hold hold) {
        this.hold = hold;
    }

    /** Inside the frame: runs the hold the first time only, keeping what it throws. */
    public void runOnce() {
        if (ran) {
            return;
        }
        ran = true;
        try {
            hold.run();
        } catch (Throwable t) {
            failure = t;
        }
    }

    /**
     * Once the frame has returned: throws what the hold threw, or an {@link IllegalStateException} saying
     * {@code notRun} when the frame never ran it.
     */
    public void rethrow(String notRun) throws InterruptedException {
        if (!ran) {
            throw new IllegalStateException(notRun);
        }
        if (failure instanceof InterruptedException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }
}
