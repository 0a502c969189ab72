package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.pinning.UserFirstStack;
import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pinning example of {@code examples/} on JDK 21 and on this JDK, as users run it (a class of its own so that its
 * four trials run beside {@link ExamplesTest}'s). It takes more than 10 s: four trial JVMs, two of them JDK 21's. On JDK 21
 * the pinned calls run at most as many at once as there are carriers, so an iteration there lasts at least
 * tasks × 20 ms / carriers; 50 calls rather than {@link ExamplesTest}'s 200 (about 6.5 s an iteration on 2 cores, four of
 * them) pin just as surely.
 */
class ExamplesPinningTest {
    @TempDir
    Path tmp;

    @Test
    void theSynchronizedTaskPinsOnJdk21InItsOwnFrameAndNotOn25() throws Exception {
        String jdk21 = Jdk21Runtime.home();
        int tasks = 50;
        List<JsonNode> results = ExamplesTest.run(tmp.resolve("sync"), "SynchronizedHttpTask", "platform:100,virtual", tasks,
                "--jvm", jdk21, "--jvm", System.getProperty("java.home"));
        assertThat(results).extracting(r -> r.get("model").asText() + " " + r.get("status").asText())
                .containsExactlyInAnyOrder("platform:100 ok", "virtual ok", "platform:100 ok", "virtual ok");
        JsonNode on21 = find(results, "21", "virtual");
        // Every call blocks inside its monitor: at least one pinned event per call.
        assertThat(on21.get("metrics").get("pinned_events").get("min").asDouble()).isGreaterThanOrEqualTo(tasks);
        List<String> frames = new ArrayList<>();
        on21.get("pinned_stacks").get(0).get("frames").forEach(f -> frames.add(f.asText()));
        assertThat(UserFirstStack.of(frames).user().get(0)).startsWith("dev.loomlab.examples.");
        assertThat(UserFirstStack.of(frames).blocking()).isNotEmpty();
        // Platform threads have no carrier to pin, on either JDK.
        assertThat(find(results, "21", "platform:100").get("metrics").get("pinned_events").get("max").asDouble()).isZero();
        String here = String.valueOf(Runtime.version().feature());
        assertThat(find(results, here, "virtual").get("metrics").get("pinned_events").get("max").asDouble()).isZero();
        assertThat(Files.exists(ExamplesTest.CLASSES)).isTrue();
    }

    private static JsonNode find(List<JsonNode> results, String jdkFeature, String model) {
        return results.stream().filter(r -> r.get("model").asText().equals(model)
                        && r.get("jvm").get("version").asText().startsWith(jdkFeature))
                .findFirst().orElseThrow(() -> new AssertionError("no " + model + " result on JDK " + jdkFeature + ": " + results));
    }
}
