package dev.loomlab.core.probe;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.TimeUnit;

/**
 * A cheap "are the carriers starved" signal: one virtual thread that sleeps {@value #TICK_MS} ms in a loop and records how
 * late it runs again against its deadline. When every carrier is held, its wake-up waits in the scheduler's queue like
 * any other, so its lateness is what a latency-sensitive virtual thread of the same JVM met. It runs beside a server's
 * work, and inside a trial's timed model only when {@code --sample-threads} asks ({@link TimerProbe}); it costs one
 * wake-up a millisecond.
 */
public final class TimerLateness implements AutoCloseable {
    /** The probe's sleep, ms. */
    public static final long TICK_MS = 1;
    private final Recorder recent = new Recorder(3);
    private final Thread thread;
    private volatile boolean closed;

    private TimerLateness() {
        thread = Thread.ofVirtual().name("loomlab-timer-lateness").start(this::loop);
    }

    /** Starts the probe on a virtual thread of its own. */
    public static TimerLateness start() {
        return new TimerLateness();
    }

    private void loop() {
        long tick = TimeUnit.MILLISECONDS.toNanos(TICK_MS);
        while (!closed) {
            long deadline = System.nanoTime() + tick;
            try {
                Thread.sleep(TICK_MS);
            } catch (InterruptedException e) {
                return;
            }
            long late = Math.max(0, System.nanoTime() - deadline);
            recent.recordValue(late);
        }
    }

    /** The wake-ups since the last call of this method (ns). */
    public Histogram recent() {
        return recent.getIntervalHistogram();
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
