package dev.loomlab.core.pinning;

import java.time.Duration;

/** {@code lock=synchronized}: sleeps inside {@code synchronized} on the task's own monitor. */
final class SynchronizedHold implements LockedHold {
    private final Object[] monitors;
    private final Duration hold;

    SynchronizedHold(int tasks, Duration hold) {
        this.monitors = new Object[tasks];
        for (int i = 0; i < tasks; i++) {
            monitors[i] = new Object();
        }
        this.hold = hold;
    }

    @Override
    public void hold(int task) throws InterruptedException {
        synchronized (monitors[task]) {
            Thread.sleep(hold);
        }
    }
}
