package dev.loomlab.prof;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.core.prof.JfrEvents;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TopFramesTest {
    private static final String SPIN = "dev.loomlab.prof.Recordings.spin";
    private static final String CALLER = "dev.loomlab.prof.TopFramesTest.burn";

    @TempDir
    static Path dir;
    private static Path jfr;
    private static List<RecordedEvent> samples;

    @BeforeAll
    static void record() throws Exception {
        jfr = Recordings.record(dir, "cpu", () -> {
            try (var ex = Executors.newVirtualThreadPerTaskExecutor()) {
                ex.submit(TopFramesTest::burn);
                ex.submit(TopFramesTest::burn);
            }
        });
        samples = Recordings.events(jfr, e -> e.getEventType().getName().equals(JfrEvents.EXECUTION_SAMPLE));
    }

    private static double burn() {
        return Recordings.spin(800);
    }

    @Test
    void theBusyMethodLeadsBySelfSamplesOfEveryCpuSample() throws Exception {
        TopFrames top = TopFrames.read(jfr, SampleKind.CPU, 5);

        assertThat(top.kind()).isEqualTo(SampleKind.CPU);
        assertThat(top.samples()).isEqualTo(samples.size());
        assertThat(top.frames()).hasSizeLessThanOrEqualTo(5);
        assertThat(top.frames().subList(0, Math.min(3, top.frames().size()))).extracting(TopFrames.TopFrame::frame).contains(SPIN);
        long spinOnTop = samples.stream().filter(e -> name(e.getStackTrace().getFrames().get(0)).equals(SPIN)).count();
        TopFrames.TopFrame spin = frame(top, SPIN);
        assertThat(spin.selfSamples()).isEqualTo(spinOnTop);
        assertThat(spin.selfPct()).isCloseTo(100.0 * spinOnTop / samples.size(), within(1e-9));
        long spinAnywhere = samples.stream().filter(e -> e.getStackTrace().getFrames().stream().anyMatch(f -> name(f).equals(SPIN))).count();
        assertThat(spin.totalPct()).isCloseTo(100.0 * spinAnywhere / samples.size(), within(1e-9));
        assertThat(top.frames()).isSortedAccordingTo((a, b) -> Long.compare(b.selfSamples(), a.selfSamples()));
        assertThat(top.frames().stream().mapToLong(TopFrames.TopFrame::selfSamples).sum()).isLessThanOrEqualTo(top.samples());
    }

    @Test
    void aCallerOnlyOnTheStackIsNotATopFrameButCountsOnceInTotal() throws Exception {
        TopFrames all = TopFrames.read(jfr, SampleKind.CPU, Integer.MAX_VALUE);

        // burn() only calls spin(): never the innermost frame.
        assertThat(all.frames()).extracting(TopFrames.TopFrame::frame).doesNotContain(CALLER);
        assertThat(all.frames()).allSatisfy(f -> assertThat(f.totalPct()).isGreaterThanOrEqualTo(f.selfPct()).isLessThanOrEqualTo(100.0));
    }

    @Test
    void json() throws Exception {
        JsonNode json = new ObjectMapper().valueToTree(TopFrames.read(jfr));

        assertThat(json.fieldNames()).toIterable().containsExactly("kind", "samples", "frames");
        assertThat(json.get("kind").asText()).isEqualTo("cpu");
        assertThat(json.get("samples").asLong()).isEqualTo(samples.size());
        assertThat(json.get("frames").get(0).fieldNames()).toIterable().containsExactly("frame", "self_samples", "self_pct", "total_pct");
    }

    @Test
    void aKindTheRecordingHasNoSamplesOfHasNoFrames() throws Exception {
        TopFrames wall = TopFrames.read(jfr, SampleKind.WALL, 5);

        assertThat(wall.samples()).isZero();
        assertThat(wall.frames()).isEmpty();
    }

    private static TopFrames.TopFrame frame(TopFrames top, String name) {
        return top.frames().stream().filter(f -> f.frame().equals(name)).findFirst().orElseThrow();
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }
}
