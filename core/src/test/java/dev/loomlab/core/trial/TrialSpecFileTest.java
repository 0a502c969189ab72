package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TrialSpecFileTest {
    @TempDir
    Path dir;

    @Test
    void aSpecReadsBackEqualWithItsParametersInOrder() throws Exception {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("tasks", "10000");
        params.put("sleep", "300ms");
        params.put("z-last", "a=b: c\\d é");
        params.put("a-first-alphabetically", "");
        TrialSpec spec = new TrialSpec("sleep", "platform:200", params, 2, 7, 3, 4, true);
        Path file = dir.resolve("spec.properties");
        TrialSpecFile.write(spec, file);

        TrialSpec back = TrialSpecFile.read(file);

        assertThat(back).isEqualTo(spec);
        assertThat(back.params().keySet()).containsExactly("tasks", "sleep", "z-last", "a-first-alphabetically");
    }

    @Test
    void aSpecWithoutItsScenarioIsRefused() throws Exception {
        Path file = dir.resolve("broken.properties");
        Files.writeString(file, "model=virtual\n");
        assertThatThrownBy(() -> TrialSpecFile.read(file)).hasMessageContaining("no scenario");
    }
}
