package dev.loomlab.core.prof;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** --prof values: parsed, canonical, refused with one line. */
class ProfilerSpecTest {

    @ParameterizedTest
    @CsvSource({
            "jfr, jfr, .jfr",
            "gc, gc, ",
            "async, async:cpu, .async-cpu.jfr",
            "async:cpu, async:cpu, .async-cpu.jfr",
            "async:wall, async:wall, .async-wall.jfr",
            "async:alloc, async:alloc, .async-alloc.jfr",
            "async:lock, async:lock, .async-lock.jfr",
            "' ASYNC:Wall ', async:wall, .async-wall.jfr",
    })
    void aValueParsesToItsCanonicalText(String value, String canonical, String suffix) {
        ProfilerSpec spec = ProfilerSpec.parse(value);
        assertThat(spec.toString()).isEqualTo(canonical);
        assertThat(spec.fileSuffix()).isEqualTo(suffix);
        assertThat(ProfilerSpec.parse(spec.toString())).isEqualTo(spec);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
            "perf # --prof perf: unknown profiler 'perf' (profilers: jfr, async[:cpu|wall|alloc|lock], gc)",
            "async:itimer # --prof async:itimer: unknown async-profiler event 'itimer' (events: cpu, wall, alloc, lock; one per run)",
            "async:cpu:wall # --prof async:cpu:wall: unknown async-profiler event 'cpu:wall' (events: cpu, wall, alloc, lock; one per run)",
            "async: # --prof async:: unknown async-profiler event '' (events: cpu, wall, alloc, lock; one per run)",
            "jfr:profile # --prof jfr:profile: jfr takes no options",
            "gc:verbose # --prof gc:verbose: gc takes no options",
            "'' # --prof needs a profiler: jfr, async[:cpu|wall|alloc|lock], gc",
    })
    void aValueItCannotTakeIsRefusedWithOneLine(String value, String message) {
        assertThatThrownBy(() -> ProfilerSpec.parse(value))
                .isInstanceOf(BadInputException.class)
                .hasMessage(message)
                .hasNoCause();
    }

    @Test
    void allValuesParseInOrder() {
        assertThat(ProfilerSpec.parseAll(List.of("gc", "async:alloc", "jfr")))
                .containsExactly(ProfilerSpec.gc(), ProfilerSpec.async("alloc"), ProfilerSpec.jfr());
        assertThat(ProfilerSpec.parseAll(List.of())).isEmpty();
    }

    @Test
    void aProfilerNamedTwiceIsRefused() {
        assertThatThrownBy(() -> ProfilerSpec.parseAll(List.of("jfr", "gc", "jfr")))
                .isInstanceOf(BadInputException.class).hasMessage("--prof jfr is named twice");
        assertThatThrownBy(() -> ProfilerSpec.parseAll(List.of("async", "async:cpu")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--prof async:cpu is named twice");
        assertThatThrownBy(() -> ProfilerSpec.parseAll(List.of("async:cpu", "jfr", "async:wall")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--prof async:cpu and async:wall: async-profiler runs one event at a time, name one");
    }

    @Test
    void theSamplingProfilersAddTheirJvmFlagsAndGcNone() {
        assertThat(ProfilerSpec.jvmFlags(List.of())).isEmpty();
        assertThat(ProfilerSpec.jvmFlags(List.of(ProfilerSpec.gc()))).isEmpty();
        assertThat(ProfilerSpec.jvmFlags(List.of(ProfilerSpec.jfr())))
                .containsExactly("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");
        assertThat(ProfilerSpec.jvmFlags(List.of(ProfilerSpec.jfr(), ProfilerSpec.async("lock"), ProfilerSpec.gc())))
                .containsExactly("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints", "--enable-native-access=ALL-UNNAMED");
    }
}
