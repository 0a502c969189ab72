package dev.loomlab.core.scenario;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.workload.CpuWorkload;
import dev.loomlab.core.workload.Workload;

import java.util.List;
import java.util.Map;

/** {@code cpu-sqrt}: tasks × Σ √i for i = 1 … n — article 000's CPU-bound experiment (pool = cores vs virtual). */
public final class CpuSqrtScenario extends CpuScenario {
    private static final String A000 = "000_72d18eaa75af810e.txt";

    @Override
    public String name() {
        return "cpu-sqrt";
    }

    @Override
    public String summary() {
        return "CPU-bound tasks (sum of square roots): scheduling overhead of a core-sized pool vs virtual threads";
    }

    @Override
    public String seed() {
        return A000 + " §3 (CPU-bound)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("1000"),
                ParamSpec.count("n", "1000000", 1, "each task sums the square roots of 1..n"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("platform:cores", "virtual");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new CpuWorkload(p.intCount("tasks"), p.count("n"), CpuWorkload::sqrtSum);
    }

    @Override
    public List<Published> published() {
        Map<String, String> params = Map.of("tasks", "1000", "n", "1000000");
        String hw = "4 cores / 8 threads, 16 GB";
        return List.of(
                new Published(A000, hw, "platform:cores", params, 420,
                        "pool of 8 = hardware threads; 0.42 ms/task, ~1% scheduling overhead"),
                new Published(A000, hw, "virtual", params, 480, "0.48 ms/task, ~15% scheduling overhead"));
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("tasks", "200", "n", "1000000")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("tasks", "1000", "n", "1000000")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(ScenarioRun.of(name(),
                List.of("platform:1", "platform:cores", "platform:16", "platform:200", "forkjoin:cores", "virtual"),
                Map.of("tasks", "1000", "n", "1000000")));
    }
}
