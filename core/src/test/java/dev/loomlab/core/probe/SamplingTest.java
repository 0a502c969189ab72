package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing of loomlab samples beside the model inside a trial's timed span unless {@code --sample-threads} asked
 * for it: between the probes' before and after readings no sampler thread is alive, and the sampled metrics are
 * absent; asked for, one sampler thread runs and they are present.
 */
class SamplingTest {

    private static long samplerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals("loomlab-sampler")).count();
    }

    @Test
    void noSamplerRunsInsideTheTimedSpanUnlessAskedFor() {
        Map<String, Double> metrics = new HashMap<>();
        try (ProbeSet probes = ProbeSet.of(false, false)) {
            probes.beforeIteration();
            assertThat(samplerThreads()).isZero();
            probes.afterIteration(1_000_000, metrics);
        }
        assertThat(metrics).containsKey(Metric.THREADS_PEAK.name())
                .doesNotContainKeys(Metric.THREADS_DAEMON_PEAK.name(), Metric.THREADS_NONDAEMON_PEAK.name());
    }

    @Test
    void askedFor_oneSamplerRunsAndItsPeaksAreReported() {
        long before = samplerThreads();
        Map<String, Double> metrics = new HashMap<>();
        try (ProbeSet probes = ProbeSet.of(false, true)) {
            probes.beforeIteration();
            assertThat(samplerThreads()).isEqualTo(before + 1);
            probes.afterIteration(1_000_000, metrics);
        }
        // This thread is a non-daemon platform thread, alive while the sampler looked.
        assertThat(metrics.get(Metric.THREADS_NONDAEMON_PEAK.name())).isGreaterThanOrEqualTo(1.0);
        assertThat(metrics).containsKey(Metric.THREADS_DAEMON_PEAK.name());
    }
}
