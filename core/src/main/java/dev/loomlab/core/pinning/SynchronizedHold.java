package dev.loomlab.core.pinning;

import java.time.Duration;
import java.util.stream.Stream;

/** {@code lock=synchronized}: sleeps inside {@code synchronized} on the task's own monitor. */
final class SynchronizedHold implements LockedHold {
    private final Object[] monitors;
    private final Duration hold;

    SynchronizedHold(int tasks, Duration hold) {
        this.monitors = Stream.generate(Object::new).limit(tasks).toArray();
        this.hold = hold;
    }

    @Override
    public void hold(int task) throws InterruptedException {
        synchronized (monitors[task]) {
            Thread.sleep(hold);
        }
    }
}
