package dev.loomlab.core.pinning;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/** {@code lock=reentrant}: sleeps while holding the task's own {@link ReentrantLock} (article 004's remedy). */
final class ReentrantHold implements LockedHold {
    private final ReentrantLock[] locks;
    private final Duration hold;

    ReentrantHold(int tasks, Duration hold) {
        this.locks = Stream.generate(ReentrantLock::new).limit(tasks).toArray(ReentrantLock[]::new);
        this.hold = hold;
    }

    @Override
    public void hold(int task) throws InterruptedException {
        ReentrantLock lock = locks[task];
        lock.lock();
        try {
            Thread.sleep(hold);
        } finally {
            lock.unlock();
        }
    }
}
