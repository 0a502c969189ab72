package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab run task}: a user's class, compiled here into a folder of its own, run under two models in
 * forked trials — its calls counted, its failures counted, its bound from one call timed alone.
 */
class TaskCliTest {
    @TempDir
    static Path tmp;
    static Path classes;

    @BeforeAll
    static void compileUserClasses() throws Exception {
        Path src = Files.createDirectories(tmp.resolve("src/user"));
        Files.writeString(src.resolve("Nap.java"), """
                package user;
                public class Nap implements java.util.concurrent.Callable<Long> {
                    private final long ms;
                    public Nap(java.util.Map<String, String> p) { ms = Long.parseLong(p.getOrDefault("ms", "50")); }
                    public Long call() throws Exception { Thread.sleep(ms); return ms; }
                }
                """);
        Files.writeString(src.resolve("EveryThirdFails.java"), """
                package user;
                public class EveryThirdFails implements Runnable {
                    private final java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
                    public void run() {
                        if (calls.incrementAndGet() % 3 == 0) throw new IllegalStateException("third call");
                    }
                }
                """);
        Files.writeString(src.resolve("Later.java"), """
                package user;
                public class Later implements java.util.function.Supplier<java.util.concurrent.CompletionStage<String>> {
                    public java.util.concurrent.CompletionStage<String> get() {
                        return java.util.concurrent.CompletableFuture.supplyAsync(() -> "done",
                                java.util.concurrent.CompletableFuture.delayedExecutor(20, java.util.concurrent.TimeUnit.MILLISECONDS));
                    }
                }
                """);
        Files.writeString(src.resolve("NoShape.java"), "package user; public class NoShape { }");
        classes = Files.createDirectories(tmp.resolve("classes"));
        int javac = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-d", classes.toString(),
                src.resolve("Nap.java").toString(), src.resolve("EveryThirdFails.java").toString(),
                src.resolve("Later.java").toString(), src.resolve("NoShape.java").toString());
        assertThat(javac).isZero();
    }

    private static CliHarness.Outcome task(Path out, String task, String models, String... params) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "task", "--classpath", classes.toString(), "--task", task,
                "-m", models, "--forks", "1", "--warmup", "1", "--iterations", "3", "--timeout", "2m", "--out", out.toString()));
        for (String p : params) {
            args.addAll(List.of("-p", p));
        }
        return CliHarness.run(args.toArray(String[]::new));
    }

    @Test
    void aPoolOfTenCannotBeatItsBoundAndVirtualThreadsCanApproachTheirs() throws Exception {
        Path out = tmp.resolve("nap");
        CliHarness.Outcome o = task(out, "user.Nap", "platform:10,virtual", "tasks=100", "ms=50");
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(2);
        JsonNode pool = results.get(0);
        assertThat(pool.get("params").get("ms").asText()).isEqualTo("50");
        // ceil(100 / 10) = 10 waves of one 50 ms call: at least 500 ms, by physics and by the bound.
        assertThat(pool.get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(500);
        assertThat(pool.get("bound_ms").asDouble()).isGreaterThanOrEqualTo(500);
        assertThat(pool.get("serial_task_ms").asDouble()).isGreaterThanOrEqualTo(50);
        // Ten waves of a 50 ms call, against microseconds of CPU: the table says the waiting term binds.
        assertThat(o.out().lines().filter(l -> l.startsWith("task ") && l.contains("platform:10")))
                .anySatisfy(l -> assertThat(l).contains("I/O-bound"));
        JsonNode virtual = results.get(1);
        // One wave: at least one call, and the bound knows it is one call, not ten.
        assertThat(virtual.get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(50);
        assertThat(virtual.get("bound_ms").asDouble()).isBetween(50.0, 500.0);
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).isEqualTo("ok");
            assertThat(r.get("efficiency").asDouble()).isPositive().isLessThanOrEqualTo(1.0);
            assertThat(r.get("metrics").get("failed_calls").get("max").asDouble()).isZero();
        }
    }

    @Test
    void callsThatThrowAreCountedAndTheIterationGoesOn() throws Exception {
        Path out = tmp.resolve("fails");
        CliHarness.Outcome o = task(out, "user.EveryThirdFails", "platform:4", "tasks=90");
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(r.get("status").asText()).isEqualTo("ok");
        // One task object per trial, its calls counted across iterations; every third throws. The calibration's
        // calls count too, so count per iteration: 90 calls of a counter that keeps going fail 30 times,
        // whatever the count it starts from.
        assertThat(r.get("metrics").get("failed_calls").get("min").asDouble()).isEqualTo(30);
        assertThat(r.get("metrics").get("failed_calls").get("max").asDouble()).isEqualTo(30);
        assertThat(Files.readString(out.resolve(r.get("logs").get(0).asText()))).contains("IllegalStateException: third call");
        // The first exception is in the result itself, and the reports list the result with it.
        assertThat(r.get("first_failure").get("type").asText()).isEqualTo("java.lang.IllegalStateException");
        assertThat(r.get("first_failure").get("message").asText()).startsWith("third call");
        assertThat(o.out()).contains("Calls that threw").contains("30 calls threw per iteration (median); first: "
                + "java.lang.IllegalStateException: third call");
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Calls that threw");
    }

    @Test
    void aSupplierOfAStageRunsOnAsyncModelsToo() throws Exception {
        Path out = tmp.resolve("later");
        CliHarness.Outcome o = task(out, "user.Later", "virtual,async", "tasks=50");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(RunContractTest.results(out)).extracting(r -> r.get("model").asText() + " " + r.get("status").asText())
                .containsExactly("virtual ok", "async ok");
    }

    @Test
    void aCallableIsNotApplicableToAsyncModels() throws Exception {
        Path out = tmp.resolve("nap-async");
        CliHarness.Outcome o = task(out, "user.Nap", "async", "tasks=10", "ms=1");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(RunContractTest.results(out).get(0).get("status").asText()).isEqualTo("not_applicable");
    }

    @Test
    void aClassThatCannotBeATaskIsBadInputBeforeAnyTrial() {
        for (String[] c : new String[][]{{"user.NoShape", "is not a Runnable, a Callable or a Supplier<CompletionStage>"},
                {"user.Missing", "no such class on --classpath"}}) {
            Path out = tmp.resolve("bad-" + c[0]);
            CliHarness.Outcome o = task(out, c[0], "virtual");
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err().strip().lines()).hasSize(1);
            assertThat(o.err()).startsWith("loomlab: --task " + c[0]).contains(c[1]);
            assertThat(out).doesNotExist();
        }
        CliHarness.Outcome o = task(tmp.resolve("bad-params"), "user.EveryThirdFails", "virtual", "size=3");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err()).contains("takes no parameters").contains("size");
    }
}
