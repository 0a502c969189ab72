package dev.loomlab.core.probe;

import dev.loomlab.core.pinning.PinningRecorder;
import jdk.jfr.FlightRecorder;
import jdk.jfr.RecordingState;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The pinning probe's JFR recording ends with its iteration, even with one that threw. */
class PinningProbeTest {

    private static long openPinningRecordings() {
        return FlightRecorder.getFlightRecorder().getRecordings().stream()
                .filter(r -> r.getName().equals("loomlab-pinning") && r.getState() != RecordingState.CLOSED)
                .count();
    }

    @Test
    void anIterationThatThrowsLeavesNoRecordingBehindOnceTheProbesClose() {
        ProbeSet probes = ProbeSet.of(true, false);
        try {
            probes.beforeIteration();
            assertThat(openPinningRecordings()).isEqualTo(1);
            // the workload threw here: afterIteration never runs
        } finally {
            probes.close();
        }
        assertThat(openPinningRecordings()).isZero();
        assertThat(probes.probes()).filteredOn(p -> p instanceof PinningProbe)
                .allSatisfy(p -> assertThat(((PinningProbe) p).recording()).isFalse());
    }

    @Test
    void theNextIterationClosesTheRecordingOfOneThatThrew() {
        try (ProbeSet probes = ProbeSet.of(true, false)) {
            probes.beforeIteration();           // an iteration that throws: no afterIteration
            probes.beforeIteration();           // the next one
            assertThat(openPinningRecordings()).isEqualTo(1);
            Map<String, Double> metrics = new HashMap<>();
            probes.afterIteration(1_000_000, metrics);
            assertThat(metrics).containsEntry("pinned_events", 0.0);
            assertThat(openPinningRecordings()).isZero();
        }
    }

    @Test
    void aRecorderClosedWithoutStoppingEndsItsRecording() {
        PinningRecorder recorder = new PinningRecorder();
        recorder.start();
        assertThat(recorder.recording()).isTrue();
        recorder.close();
        assertThat(recorder.recording()).isFalse();
        assertThat(openPinningRecordings()).isZero();
        recorder.close(); // twice is harmless
    }
}
