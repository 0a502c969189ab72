package dev.loomlab.core.task;

import dev.loomlab.core.param.Units;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A task of the shape users write, shipped with loomlab so that scenario {@code task} runs out of the box
 * (the quick suite uses it): each call sleeps {@code delay} (default 10ms) — a stand-in for a call to a
 * service — then sums {@code work} square roots (default 0), and returns the sum.
 */
public final class DemoTask implements Callable<Double> {
    private final long delayNanos;
    private final long work;

    public DemoTask(Map<String, String> params) {
        this.delayNanos = Units.parseDurationNanos("parameter delay", params.getOrDefault("delay", "10ms"));
        this.work = Units.parseCount("parameter work", params.getOrDefault("work", "0"));
    }

    @Override
    public Double call() throws InterruptedException {
        if (delayNanos > 0) {
            Thread.sleep(delayNanos / 1_000_000, (int) (delayNanos % 1_000_000));
        }
        double sum = 0;
        for (long i = 1; i <= work; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }
}
