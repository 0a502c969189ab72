package dev.loomlab.core.pinning;

import dev.loomlab.core.probe.CarriersProbe;
import dev.loomlab.core.stats.Metric;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The program {@link ObjectWaitPinningTest} runs in a JVM of its own: {@code WaitingTasks <tasks> <hold ms>}
 * starts that many virtual threads, each holding the pinning scenario's {@code lock=wait}
 * ({@code Object.wait} inside its own monitor) for the hold, while the main thread watches their states.
 * It prints one line, {@code at-once=K carriers=C wall-ms=W}: the most tasks seen inside their wait at the
 * same time, the carrier threads alive when that was every task (-1 if never), and the time until all
 * ended, ms. Once every task is waiting at once it interrupts them, so a long hold only bounds the run.
 */
public final class WaitingTasks {
    /** How much longer than every hold served one after another the watching may last. */
    private static final Duration SLACK = Duration.ofSeconds(60);

    private WaitingTasks() {
    }

    public static void main(String[] args) throws Exception {
        int tasks = Integer.parseInt(args[0]);
        Duration hold = Duration.ofMillis(Long.parseLong(args[1]));
        LockedHold lock = LockKind.WAIT.create(tasks, hold);
        long start = System.nanoTime();
        Thread[] threads = new Thread[tasks];
        for (int i = 0; i < tasks; i++) {
            int task = i;
            threads[i] = Thread.ofVirtual().start(() -> {
                try {
                    lock.hold(task);
                } catch (InterruptedException e) {
                    // released by the main thread once every task was waiting
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        long giveUp = start + hold.multipliedBy(tasks).plus(SLACK).toNanos();
        int atOnce = 0;
        int carriers = -1;
        while (anyAlive(threads) && System.nanoTime() - giveUp < 0) {
            int waiting = 0;
            for (Thread t : threads) {
                // A virtual thread in Object.wait(timeout) reports TIMED_WAITING, pinned (its carrier's
                // state) or not (its own).
                waiting += t.getState() == Thread.State.TIMED_WAITING ? 1 : 0;
            }
            atOnce = Math.max(atOnce, waiting);
            if (waiting == tasks && carriers < 0) {
                carriers = carriersAlive();
                for (Thread t : threads) {
                    t.interrupt();
                }
            }
            Thread.sleep(1);
        }
        for (Thread t : threads) {
            t.join(SLACK);
        }
        long wallMs = (System.nanoTime() - start) / 1_000_000;
        System.out.println("at-once=" + atOnce + " carriers=" + carriers + " wall-ms=" + wallMs);
    }

    private static boolean anyAlive(Thread[] threads) {
        for (Thread t : threads) {
            if (t.isAlive()) {
                return true;
            }
        }
        return false;
    }

    private static int carriersAlive() {
        Map<String, Double> metrics = new HashMap<>();
        new CarriersProbe().afterIteration(0, metrics);
        return metrics.get(Metric.CARRIERS.name()).intValue();
    }
}
