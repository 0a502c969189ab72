package dev.loomlab.core.scenario;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.workload.CpuWorkload;
import dev.loomlab.core.workload.Workload;

import java.util.List;
import java.util.Map;

/** {@code cpu-pi}: tasks × Leibniz π with {@code terms} terms — article 002's CPU task (pool 200 vs virtual). */
public final class CpuPiScenario extends CpuScenario {
    private static final String A002 = "002_eda1aa61c7c9c9c9.txt";

    @Override
    public String name() {
        return "cpu-pi";
    }

    @Override
    public String summary() {
        return "CPU-bound tasks (Leibniz series for pi): virtual threads bring throughput, not speed";
    }

    @Override
    public String seed() {
        return A002 + " (CPU task)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("10000"),
                ParamSpec.count("terms", "20000000", 1, "terms of the Leibniz series each task sums"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("platform:200", "virtual");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new CpuWorkload(p.intCount("tasks"), p.count("terms"), CpuWorkload::leibnizPi);
    }

    @Override
    public List<Published> published() {
        Map<String, String> params = Map.of("tasks", "10000", "terms", "20000000");
        String hw = "Core Ultra 7 155H, 32 GB, OpenJDK 23";
        return List.of(
                new Published(A002, hw, "virtual", params, 23316, "one run"),
                new Published(A002, hw, "platform:200", params, 23715, "one run"));
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("tasks", "100", "terms", "2000000")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("tasks", "10000", "terms", "20000000")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(ScenarioRun.of(name(), List.of("platform:cores", "platform:200", "virtual-bounded:cores", "virtual"),
                Map.of("tasks", "1000", "terms", "20000000")));
    }
}
