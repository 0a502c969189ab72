package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * {@code timer_late_p99_ms}: a {@link TimerLateness} probe beside a model of virtual threads, its wake-ups of one
 * iteration. It is a virtual thread of the model's scheduler waking every millisecond, so it runs inside the timed span:
 * only when {@code --sample-threads} asks for what runs beside the model.
 */
final class TimerProbe implements Probe, AutoCloseable {
    private TimerLateness timer;

    @Override
    public void beforeIteration() {
        if (timer == null) {
            timer = TimerLateness.start();
        }
        timer.recent();
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        Histogram h = timer.recent();
        if (h.getTotalCount() > 0) {
            metrics.put(Metric.TIMER_LATE_P99_MS.name(), h.getValueAtPercentile(99) / 1e6);
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.close();
        }
    }
}
