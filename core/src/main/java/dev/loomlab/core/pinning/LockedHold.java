package dev.loomlab.core.pinning;

/**
 * One lock kind of the pinning scenario, made for an iteration's tasks: {@link #hold} blocks the calling
 * thread for the hold time while it is inside task {@code task}'s own lock (or frame). Each task has its
 * own lock, so no task waits for another: only the carrier a pinned virtual thread holds can slow them.
 */
@FunctionalInterface
public interface LockedHold {

    /** Blocks for the hold time inside task {@code task}'s lock. */
    void hold(int task) throws Exception;
}
