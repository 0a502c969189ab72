package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import jdk.jfr.FlightRecorder;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --prof jfr: the measured iterations, and only they, in one readable recording. */
class JfrProfilerTest {
    private static final String SAMPLE = JfrEvents.EXECUTION_SAMPLE;
    private static final long CPU_MS = 200;

    @TempDir
    Path dir;

    private static long openRecordings() {
        return FlightRecorder.getFlightRecorder().getRecordings().stream()
                .filter(r -> r.getName().equals("loomlab-prof-jfr") && r.getState() != RecordingState.CLOSED).count();
    }

    @Test
    void theMeasuredIterationsAreInOneRecordingAndTheWorkAroundThemIsNot() throws Exception {
        Path target = dir.resolve("trial-1.jfr");
        JfrProfiler jfr = new JfrProfiler(target);
        Work.warmUpWork(CPU_MS);
        jfr.resume();
        Work.firstIterationWork(CPU_MS);
        assertThat(jfr.pause()).isEmpty();
        Work.betweenIterationsWork(CPU_MS);
        jfr.resume();
        Work.secondIterationWork(CPU_MS);
        jfr.pause();
        Work.betweenIterationsWork(CPU_MS);
        ProfileRecord record = jfr.finish();

        assertThat(record).isEqualTo(new ProfileRecord("jfr", List.of("trial-1.jfr"), null, null));
        List<RecordedEvent> events = Profiles.events(target);
        // 200 ms of the thread's CPU at JFR's 10 ms sampling period: about 20 samples each
        assertThat(Profiles.withMethod(events, SAMPLE, "firstIterationWork")).isPositive();
        assertThat(Profiles.withMethod(events, SAMPLE, "secondIterationWork")).isPositive();
        assertThat(Profiles.withMethod(events, SAMPLE, "warmUpWork")).isZero();
        assertThat(Profiles.withMethod(events, SAMPLE, "betweenIterationsWork")).isZero();
        // the JDK's parser reads the concatenation whole as well: the JDK numbers its constants uniquely in the JVM
        List<RecordedEvent> whole = RecordingFile.readAllEvents(target);
        for (String method : List.of("firstIterationWork", "secondIterationWork", "betweenIterationsWork")) {
            assertThat(Profiles.withMethod(whole, SAMPLE, method)).as(method).isEqualTo(Profiles.withMethod(events, SAMPLE, method));
        }
        // async-profiler's converter, which the reports use, reads both iterations from the one file
        assertThat(Profiles.convertedWithMethod(target, "firstIterationWork")).isPositive();
        assertThat(Profiles.convertedWithMethod(target, "secondIterationWork")).isPositive();
        assertThat(Profiles.convertedWithMethod(target, "betweenIterationsWork")).isZero();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("trial-1.jfr");
        }
        assertThat(openRecordings()).isZero();
    }

    @Test
    void theRecordingHasTheVirtualThreadEventsOverTheProfileSettings() throws Exception {
        Path target = dir.resolve("t.jfr");
        JfrProfiler jfr = new JfrProfiler(target);
        jfr.resume();
        Thread.ofVirtual().start(() -> { }).join();
        jfr.pause();
        jfr.finish();

        List<RecordedEvent> events = Profiles.events(target);
        assertThat(Profiles.ofType(events, JfrEvents.VIRTUAL_THREAD_START)).isPositive();
        assertThat(Profiles.ofType(events, JfrEvents.VIRTUAL_THREAD_END)).isPositive();
    }

    @Test
    void anIterationThatThrowsBeforeItsPauseIsStoppedByFinishAndKept() throws Exception {
        Path target = dir.resolve("t.jfr");
        JfrProfiler jfr = new JfrProfiler(target);
        jfr.resume();
        Work.firstIterationWork(CPU_MS);
        // the iteration threw: no pause
        ProfileRecord record = jfr.finish();

        assertThat(record.missing()).isFalse();
        assertThat(Profiles.withMethod(Profiles.events(target), SAMPLE, "firstIterationWork")).isPositive();
        assertThat(openRecordings()).isZero();
    }

    @Test
    void aProfileThatCannotBeWrittenIsMissingAndNothingThrows() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        JfrProfiler jfr = new JfrProfiler(notADirectory.resolve("t.jfr"));
        jfr.resume();
        Work.firstIterationWork(10);
        jfr.pause();
        ProfileRecord record = jfr.finish();

        assertThat(record.missing()).isTrue();
        assertThat(record.error()).startsWith("writing the profile failed: ");
        assertThat(record.files()).isEmpty();
        assertThat(jfr.finish()).isSameAs(record);
        assertThat(openRecordings()).isZero();
    }

    @Test
    void withoutAMeasuredIterationTheProfileIsMissing() {
        JfrProfiler jfr = new JfrProfiler(dir.resolve("t.jfr"));
        ProfileRecord record = jfr.finish();

        assertThat(record.error()).isEqualTo("writing the profile failed: IllegalStateException: no measured iteration was recorded");
        assertThat(dir.resolve("t.jfr")).doesNotExist();
        jfr.resume();
        assertThat(openRecordings()).as("a finished profiler stays off").isZero();
    }
}
