package dev.loomlab.core.threadlocal;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Bounds;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.workload.Workload;

import java.util.List;
import java.util.Map;

/**
 * {@code threadlocal}: an expensive object (a 64 KB buffer or a SHA-256 MessageDigest) cached in a
 * ThreadLocal, made per task, or taken from a small shared pool — article 004's caution against caching
 * expensive objects in thread-locals, measured on platform pools and virtual threads: allocation per
 * task ({@code allocated_bytes_per_task}), objects made, peak heap, time.
 */
public final class ThreadLocalScenario implements Scenario {

    @Override
    public String name() {
        return "threadlocal";
    }

    @Override
    public String summary() {
        return "an expensive object cached in a ThreadLocal, made per task, or pooled: allocation, heap and time per model";
    }

    @Override
    public String seed() {
        return "004_1a8054f6c48c5769.txt (cautions: don't cache expensive objects in ThreadLocals)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("10000"),
                ParamSpec.choice("object", "buffer", ExpensiveObject.words(),
                        "a 64 KB byte[] filled and CRC-32'd (buffer), or a SHA-256 MessageDigest of 1 KB (digest)"),
                ParamSpec.choice("cache", "threadlocal", CacheStrategy.words(),
                        "cached per thread (threadlocal), made for each task (per-task), or taken from a shared pool (pool)"),
                ParamSpec.count("pool-size", "8", 1, "objects in the shared pool, for cache=pool"),
                ParamSpec.duration("sleep", "0ms", "how long a task blocks while it holds the object"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("platform:cores", "virtual");
    }

    @Override
    public Map<String, String> defaultSweep() {
        return Map.of("cache", String.join(",", CacheStrategy.words()));
    }

    @Override
    public Workload workload(ParamValues p) {
        return new ThreadLocalWorkload(p.intCount("tasks"), ExpensiveObject.of(p.choice("object")),
                CacheStrategy.of(p.choice("cache")), (int) Math.min(Integer.MAX_VALUE, p.count("pool-size")),
                p.durationNanos("sleep"));
    }

    /**
     * As {@code mixed}: the larger of the waiting bound over sleep + use and one sleep followed by the CPU
     * bound of the uses, with at most min(N, pool-size) tasks at once when objects come from the pool.
     * The use is timed alone with an object made beforehand, so making objects shows as lost efficiency.
     */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        if (Double.isNaN(context.serialTaskMs())) {
            return Double.NaN;
        }
        int tasks = p.intCount("tasks");
        int limit = model.concurrency().orElse(Integer.MAX_VALUE);
        if (CacheStrategy.of(p.choice("cache")) == CacheStrategy.POOL) {
            limit = (int) Math.min(limit, p.count("pool-size"));
        }
        double cpu = context.serialTaskMs();
        double sleep = p.durationMillis("sleep");
        return Math.max(Bounds.waiting(tasks, sleep + cpu, limit), sleep + Bounds.computing(tasks, cpu, limit, context.cores()));
    }

    @Override
    public boolean needsSerialTiming() {
        return true;
    }

    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("platform:cores", "virtual"),
                Map.of("tasks", "2000", "object", "buffer", "cache", "threadlocal")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), List.of("platform:cores", "platform:100", "virtual"),
                Map.of("tasks", "10000", "object", "buffer,digest", "cache", "threadlocal,per-task,pool")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), List.of("platform:cores", "platform:100", "virtual"),
                        Map.of("tasks", "10000", "object", "buffer,digest", "cache", "threadlocal,per-task,pool")),
                // Holding the object while blocking: the pool then caps concurrency at its size.
                ScenarioRun.of(name(), List.of("platform:100", "virtual"),
                        Map.of("tasks", "1000", "object", "buffer", "cache", "threadlocal,per-task,pool", "sleep", "10ms")));
    }
}
