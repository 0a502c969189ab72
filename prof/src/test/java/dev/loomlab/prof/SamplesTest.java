package dev.loomlab.prof;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SamplesTest {
    @Test
    void arrayClassesAreNamedAsJavaWritesThem() {
        assertThat(Samples.javaName("[B")).isEqualTo("byte[]");
        assertThat(Samples.javaName("[[J")).isEqualTo("long[][]");
        assertThat(Samples.javaName("[Ljava.lang.String;")).isEqualTo("java.lang.String[]");
        assertThat(Samples.javaName("[Ljava/lang/Object;")).isEqualTo("java.lang.Object[]");
        assertThat(Samples.javaName("java.util.HashMap$Node")).isEqualTo("java.util.HashMap$Node");
    }

    @Test
    void kindsAreNamedAsAsyncProfilersModes() {
        for (SampleKind k : SampleKind.values()) {
            assertThat(SampleKind.of(k.id())).isSameAs(k);
        }
        assertThat(SampleKind.CPU.id()).isEqualTo("cpu");
        assertThat(SampleKind.WALL.events()).containsExactly("profiler.WallClockSample");
    }
}
