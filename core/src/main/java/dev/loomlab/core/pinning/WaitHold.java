package dev.loomlab.core.pinning;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * {@code lock=wait}: {@code Object.wait} on the task's own monitor until the hold time has passed (no
 * one notifies; a spurious wake-up waits again for the rest).
 */
final class WaitHold implements LockedHold {
    private final Object[] monitors;
    private final long holdNanos;

    WaitHold(int tasks, Duration hold) {
        this.monitors = Stream.generate(Object::new).limit(tasks).toArray();
        this.holdNanos = hold.toNanos();
    }

    @Override
    public void hold(int task) throws InterruptedException {
        Object monitor = monitors[task];
        long deadline = System.nanoTime() + holdNanos;
        synchronized (monitor) {
            for (long left = holdNanos; left > 0; left = deadline - System.nanoTime()) {
                // wait(ms, ns) rounds up to whole milliseconds itself, so it never returns early but spuriously.
                monitor.wait(left / 1_000_000, (int) (left % 1_000_000));
            }
        }
    }
}
