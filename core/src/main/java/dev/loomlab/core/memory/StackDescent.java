package dev.loomlab.core.memory;

/**
 * What each thread of the memory scenario does: descends {@code depth} frames of {@link #descend} (which
 * trial JVMs are told never to inline, so every level is a real frame), runs the action at the bottom —
 * there it parks — and returns through every frame.
 */
final class StackDescent {
    private StackDescent() {
    }

    /** The JVM flag that keeps {@link #descend} a frame per level. */
    static final String DONT_INLINE = "-XX:CompileCommand=dontinline,"
            + StackDescent.class.getName() + "::descend";

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
