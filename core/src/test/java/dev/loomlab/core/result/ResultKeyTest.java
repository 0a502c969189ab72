package dev.loomlab.core.result;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Matching results to planned ones across a resume: the key's parts, and which lines a folder stands for. */
class ResultKeyTest {
    @Test
    void aJdkIsItsVersionWithoutBuild() {
        assertThat(ResultKey.jdk("25.0.3+9-LTS")).isEqualTo("25.0.3");
        assertThat(ResultKey.jdk("21.0.8")).isEqualTo("21.0.8");
        assertThat(ResultKey.jdk("26-ea+5")).isEqualTo("26");
    }

    @Test
    void parametersAreTheSameTextWhateverTheirOrderOrNumberType() {
        assertThat(ResultKey.paramsText(Map.of("tasks", 100L, "sleep", "50ms")))
                .isEqualTo(ResultKey.paramsText(Map.of("sleep", "50ms", "tasks", 100)))
                .isEqualTo("{\"sleep\":\"50ms\",\"tasks\":100}");
        assertThat(ResultKey.paramsText(Map.of("tasks", 100))).isNotEqualTo(ResultKey.paramsText(Map.of("tasks", 101)));
    }

    @Test
    void aReRunReplacesOnlyAnUnfinishedEarlierLine() throws Exception {
        String ok = line("1ms", "ok");
        String failed = line("2ms", "failed");
        String rerun = line("2ms", "ok");
        String invalid = line("3ms", "invalid");
        List<Result> current = ResultKey.current(List.of(ResultJson.fromLine(ok), ResultJson.fromLine(failed),
                ResultJson.fromLine(invalid), ResultJson.fromLine(rerun)));
        assertThat(current).extracting(r -> r.params().get("sleep") + " " + r.status().name())
                .containsExactly("1ms OK", "3ms INVALID", "2ms OK");
        // Two ok lines of one key (a sweep that named a value twice) are both kept.
        assertThat(ResultKey.current(List.of(ResultJson.fromLine(ok), ResultJson.fromLine(ok)))).hasSize(2);
    }

    private static String line(String sleep, String status) {
        return "{\"contract\":2,\"scenario\":\"sleep\",\"model\":\"virtual\",\"params\":{\"tasks\":1,\"sleep\":\"" + sleep
                + "\"},\"jvm\":{\"version\":\"25.0.3+9-LTS\",\"vendor\":\"x\",\"home\":\"/j\",\"args\":[]},\"forks\":1,"
                + "\"warmup\":0,\"iterations\":1,\"status\":\"" + status + "\",\"metrics\":{}}";
    }
}
