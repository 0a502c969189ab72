package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tasks of {@code examples/} (built before this module), under {@code loomlab run task} at small sizes,
 * as users run them: each example against the local server it starts itself, answering after 20 ms.
 */
class ExamplesTest {
    static final Path CLASSES = Path.of("..", "examples", "target", "classes").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    private List<JsonNode> run(String example, String models, String... more) throws Exception {
        return run(tmp.resolve(example), example, models, more);
    }

    /** {@code example} under {@code loomlab run task} with {@code models} at small sizes, its results written to {@code out}. */
    static List<JsonNode> run(Path out, String example, String models, String... more) throws Exception {
        return run(out, example, models, 200, more);
    }

    /** As {@link #run(Path, String, String, String...)}, with {@code tasks} calls per iteration. */
    static List<JsonNode> run(Path out, String example, String models, int tasks, String... more) throws Exception {
        assertThat(CLASSES.resolve("dev/loomlab/examples/" + example + ".class")).exists();
        List<String> args = new ArrayList<>(List.of("run", "task", "--classpath", CLASSES.toString(),
                "--task", "dev.loomlab.examples." + example, "-m", models, "-p", "tasks=" + tasks, "-p", "delay-ms=20",
                "--forks", "1", "--warmup", "1", "--iterations", "3", "--timeout", "2m", "--out", out.toString()));
        args.addAll(List.of(more));
        CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        return RunContractTest.results(out);
    }

    @Test
    void theBlockingHttpTaskOnAPoolAndOnVirtualThreads() throws Exception {
        List<JsonNode> results = run("HttpGetTask", "platform:100,virtual");
        assertThat(results).extracting(r -> r.get("model").asText() + " " + r.get("status").asText())
                .containsExactly("platform:100 ok", "virtual ok");
        // 200 calls of at least 20 ms, 100 at a time: two waves at least.
        assertThat(results.get(0).get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(40);
        assertThat(results.get(0).get("bound_ms").asDouble()).isGreaterThanOrEqualTo(40);
        for (JsonNode r : results) {
            assertThat(r.get("metrics").get("failed_calls").get("max").asDouble()).isZero();
            assertThat(r.get("efficiency").asDouble()).isPositive();
        }
    }

    @Test
    void theAsyncHttpTaskRunsOnAsyncModelsToo() throws Exception {
        assertThat(run("AsyncHttpTask", "platform:100,virtual,async"))
                .extracting(r -> r.get("model").asText() + " " + r.get("status").asText())
                .containsExactly("platform:100 ok", "virtual ok", "async ok");
    }
}
