package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** A trial watched live streams its task counts during each iteration, its JVM's counters and its latencies. */
class LiveTrialTest {
    @TempDir
    Path dir;

    /** Records what a forked trial streamed. */
    private static final class Recorder implements ProgressListener {
        final List<LiveSample> samples = new CopyOnWriteArrayList<>();

        @Override
        public void progress(String phase, int done, int total) {
        }

        @Override
        public void live(LiveSample sample) {
            samples.add(sample);
        }

        <T extends LiveSample> List<T> of(Class<T> kind) {
            return samples.stream().filter(kind::isInstance).map(kind::cast).toList();
        }
    }

    @Test
    void aLiveTrialStreamsTaskCountsDuringItsIterations() throws Exception {
        // 10 threads, 200 tasks of 100 ms: each iteration lasts at least 2 s, the sampler looks every second.
        TrialSpec spec = new TrialSpec("sleep", "platform:10", Map.of("tasks", "200", "sleep", "100ms"), 1, 2, 1);
        Recorder recorder = new Recorder();
        TrialOutcome o = TrialRunner.withCurrentClassPath().live(true).run(spec, Jdk.current(), List.of(),
                Duration.ofMinutes(2), dir.resolve("live.log"), recorder);
        assertThat(o.status()).isEqualTo(Status.OK);

        List<LiveSample.Tasks> tasks = recorder.of(LiveSample.Tasks.class);
        // One warm-up and two measured iterations, each ending with its full count.
        assertThat(tasks.stream().map(LiveSample.Tasks::iteration).distinct()).containsExactly(1, 2, 3);
        for (int i = 1; i <= 3; i++) {
            int iteration = i;
            List<Long> counts = tasks.stream().filter(t -> t.iteration() == iteration).map(LiveSample.Tasks::completed).toList();
            assertThat(counts).as("iteration %d", i).isSorted().last().isEqualTo(200L);
        }
        assertThat(tasks).allMatch(t -> t.failed() == 0);
        assertThat(tasks).as("a count read while an iteration ran").anyMatch(t -> t.completed() > 0 && t.completed() < 200);

        List<LiveSample.Latency> latencies = recorder.of(LiveSample.Latency.class);
        assertThat(latencies).hasSize(2).allMatch(l -> l.count() == 200 && l.p50() >= 0.1 && l.max() >= l.p99());

        List<LiveSample.Jvm> jvm = recorder.of(LiveSample.Jvm.class);
        assertThat(jvm).isNotEmpty().allMatch(j -> j.heapUsedBytes() >= 0 && j.threads() > 0 && j.gcPauseSeconds() >= 0);
        // G1 counts no region it is still allocating in: just after a young collection its "used" can be 0.
        assertThat(jvm).anyMatch(j -> j.heapUsedBytes() > 0);
        assertThat(jvm).as("the pool's 10 threads are seen").anyMatch(j -> j.threads() >= 10);

        // The samples stay out of the trial log.
        assertThat(Files.readString(dir.resolve("live.log"))).doesNotContain(TrialMain.LIVE).contains("loomlab trial: sleep");
    }

    @Test
    void aTrialNotWatchedStreamsNothing() throws Exception {
        TrialSpec spec = new TrialSpec("sleep", "virtual", Map.of("tasks", "10", "sleep", "10ms"), 0, 1, 1);
        Recorder recorder = new Recorder();
        TrialOutcome o = TrialRunner.withCurrentClassPath().run(spec, Jdk.current(), List.of(), Duration.ofMinutes(2),
                dir.resolve("quiet.log"), recorder);
        assertThat(o.status()).isEqualTo(Status.OK);
        assertThat(recorder.samples).isEmpty();
    }

    @Test
    void sampleLinesReadBackAsTheSameSamples() {
        List<LiveSample> samples = List.of(new LiveSample.Tasks(3, 1_000_000, 7),
                new LiveSample.Jvm(12, 2, 123_456_789, 1.5, 0.25, 4),
                new LiveSample.Latency(200, 0.1, 0.11, 0.125, 0.25, 0.5),
                new LiveSample.Http(2, 1_234, Map.of("timeout", 3L, "reset", 0L), 0.01, 0.02, 0.5, 0.75, 1.5),
                new LiveSample.Http(1, 0, Map.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN),
                new LiveSample.Server(0.375, 42, 123_456_789, 100),
                new LiveSample.Server(Double.NaN, -1, -1, -1));
        for (LiveSample s : samples) {
            assertThat(LiveSample.parse(s.line())).contains(s);
        }
        assertThat(LiveSample.parse("tasks 1 x 0")).isEmpty();
        assertThat(LiveSample.parse("nonsense")).isEmpty();
        assertThat(LiveSample.parse("http 1 2 0.1 0.2 0.3 0.4 0.5 timeout")).isEmpty();
        assertThat(LiveSample.parse("server 0.5 1 2")).isEmpty();
    }
}
