package dev.loomlab.core.threadlocal;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Article 004's ThreadLocal caution in numbers: a thread-local cache makes one object per platform
 * thread but one per task on virtual threads (a virtual thread runs one task), as many as making it per
 * task; a shared pool makes at most its size.
 */
class ThreadLocalTest {
    private static final int TASKS = 400;
    private final TrialExecutor executor = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load());

    private Map<String, Double> run(String model, String object, String cache, String... more) throws InterruptedException {
        Map<String, String> params = new HashMap<>(Map.of("tasks", Integer.toString(TASKS), "object", object, "cache", cache));
        for (int i = 0; i < more.length; i += 2) {
            params.put(more[i], more[i + 1]);
        }
        TrialOutcome o = executor.execute(new TrialSpec("threadlocal", model, params, 0, 1, 0), ProgressListener.NONE);
        assertThat(o.status()).as(model + " " + cache + ": " + o.error()).isEqualTo(Status.OK);
        return o.iterations().get(0).metrics();
    }

    @Test
    void aThreadLocalCachesPerPlatformThreadButNotPerVirtualThread() throws InterruptedException {
        Map<String, Double> platform = run("platform:2", "buffer", "threadlocal");
        assertThat(platform.get("objects_created")).isBetween(1.0, 2.0);
        // Two 64 KB buffers over 400 tasks: far less than one buffer per task.
        assertThat(platform.get("allocated_bytes_per_task")).isLessThan(ExpensiveObject.BUFFER_BYTES / 4.0);

        Map<String, Double> virtual = run("virtual", "buffer", "threadlocal");
        assertThat(virtual.get("objects_created")).isEqualTo((double) TASKS);
        assertThat(virtual.get("allocated_bytes_per_task")).isGreaterThanOrEqualTo((double) ExpensiveObject.BUFFER_BYTES);
    }

    @Test
    void perTaskMakesOneObjectPerTaskOnEveryModel() throws InterruptedException {
        for (String model : new String[]{"platform:2", "virtual"}) {
            Map<String, Double> m = run(model, "buffer", "per-task");
            assertThat(m.get("objects_created")).as(model).isEqualTo((double) TASKS);
        }
        // The heap bytes behind them, on virtual threads, whose carriers outlive the iteration. A pool's threads
        // exit as it closes, and HotSpot's total of allocated bytes can miss a thread that is exiting just then
        // (seen here: half the bytes of platform:2), so the pool's figure is no lower bound.
        assertThat(run("virtual", "buffer", "per-task").get("allocated_bytes_per_task"))
                .isGreaterThanOrEqualTo((double) ExpensiveObject.BUFFER_BYTES);
    }

    @Test
    void aPoolMakesAtMostItsSizeAndDigestsValidate() throws InterruptedException {
        for (String object : new String[]{"buffer", "digest"}) {
            Map<String, Double> m = run("virtual", object, "pool", "pool-size", "3");
            assertThat(m.get("objects_created")).as(object).isBetween(1.0, 3.0);
        }
        assertThat(run("virtual", "digest", "per-task").get("objects_created")).isEqualTo((double) TASKS);
    }

    @Test
    void aPoolCapsHowManyTasksHoldAnObjectWhileTheyBlock() throws InterruptedException {
        // 400 tasks each holding one of 4 pooled objects for 5 ms: at least 100 waves.
        Map<String, Double> m = run("virtual", "buffer", "pool", "pool-size", "4", "sleep", "5ms");
        assertThat(m.get("wall_ms")).isGreaterThanOrEqualTo(TASKS / 4 * 5.0);
    }
}
