package dev.loomlab.core.memory;

/**
 * What each thread of the memory scenario does: descends {@code depth} frames of {@link #descend} (which
 * trial JVMs are told never to inline, so every level is a real frame), runs the action at the bottom —
 * there it parks — and returns through every frame.
 */
public final class StackDescent {
    private StackDescent() {
    }

    /** The JVM flag that keeps {@link #descend} a frame per level. */
    public static final String DONT_INLINE = "-XX:CompileCommand=dontinline,"
            + StackDescent.class.getName() + "::descend";

    /**
     * Calls {@link #descend} until the JIT has compiled it fully (every branch and a second action type
     * profiled): a parked thread keeps its frames in the form they had when it parked, and an
     * interpreted or C1 frame is two to three times a C2 frame (50 frames: 7.9, 5.3 and 2.8 KB per
     * virtual thread, measured), so without this the figures would depend on when the JIT got there.
     */
    static void warm(int depth) {
        Runnable nothing = () -> { };
        long sum = 0;
        for (int i = 0; i < WARM_CALLS; i++) {
            sum += descend(1 + i % Math.min(depth, 64), nothing);
        }
        if (sum <= 0) {
            throw new AssertionError("descend returned no frames");
        }
    }

    /** Outer calls of {@link #warm}: tens of thousands, well past C2's compile thresholds. */
    private static final int WARM_CALLS = 50_000;

    /** Descends to {@code depth} frames, runs {@code atBottom}, returns the depth reached. */
    static int descend(int depth, Runnable atBottom) {
        // A local that lives across the call, so a frame is not empty.
        int here = depth;
        if (depth <= 1) {
            atBottom.run();
            return 1;
        }
        return descend(depth - 1, atBottom) + (here > 0 ? 1 : 0);
    }
}
