package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.workload.SleepWorkload;
import dev.loomlab.core.workload.Workload;

import java.util.List;
import java.util.Map;

/** {@code sleep}: tasks × {@code Thread.sleep(sleep)} — article 004's sleep experiment and article 002's IO task. */
public final class SleepScenario implements Scenario {
    private static final String A004 = "004_1a8054f6c48c5769.txt";
    private static final String A004_HW = "i5-14600KF 14C/20T, OpenJDK 21.0.4";
    private static final String A002 = "002_eda1aa61c7c9c9c9.txt";
    private static final String A002_HW = "Core Ultra 7 155H, 32 GB, OpenJDK 23";

    @Override
    public String name() {
        return "sleep";
    }

    @Override
    public String summary() {
        return "tasks that each block in Thread.sleep: the pool size caps concurrency, virtual threads do not";
    }

    @Override
    public String seed() {
        return A004 + " (sleep experiment); " + A002 + " (IO task)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("10000"),
                ParamSpec.duration("sleep", "300ms", "how long each task sleeps"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("virtual", "platform:200", "platform:500", "platform:800", "platform:1000");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new SleepWorkload(p.intCount("tasks"), p.durationNanos("sleep"));
    }

    /** ceil(tasks / N) × sleep for a model running at most N at once; one sleep otherwise. */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        return Bounds.waiting(p.intCount("tasks"), p.durationMillis("sleep"), model);
    }

    @Override
    public List<Published> published() {
        Map<String, String> p004 = Map.of("tasks", "10000", "sleep", "300ms");
        Map<String, String> p002 = Map.of("tasks", "10000", "sleep", "200ms");
        String mean3 = "mean of 3 rounds";
        return List.of(
                new Published(A004, A004_HW, "virtual", p004, 437, mean3 + " (654, 331, 326)"),
                new Published(A004, A004_HW, "platform:200", p004, 15549, mean3 + " (15551, 15544, 15552)"),
                new Published(A004, A004_HW, "platform:500", p004, 6232, mean3 + " (6241, 6227, 6228)"),
                new Published(A004, A004_HW, "platform:800", p004, 4056, mean3 + " (4069, 4047, 4054)"),
                new Published(A004, A004_HW, "platform:1000", p004, 3138, mean3 + " (3137, 3126, 3151)"),
                new Published(A002, A002_HW, "virtual", p002, 257, "one run"),
                new Published(A002, A002_HW, "platform:200", p002, 10374, "one run"));
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("virtual", "platform:200"),
                Map.of("tasks", "2000", "sleep", "50ms")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(
                // Article 004 ran three rounds and averaged them, the cold first round included.
                ScenarioRun.of(name(), defaultModels(), Map.of("tasks", "10000", "sleep", "300ms")).rounds(0, 3),
                ScenarioRun.of(name(), List.of("virtual", "platform:200"), Map.of("tasks", "10000", "sleep", "200ms")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), List.of("platform:100", "platform:200", "platform:500", "platform:1000",
                                "platform:2000", "platform-cached", "thread-per-task", "forkjoin:500", "virtual",
                                "virtual-bounded:1000"),
                        Map.of("tasks", "10000", "sleep", "100ms")),
                ScenarioRun.of(name(), List.of("virtual"), Map.of("tasks", "1000,10000,100000", "sleep", "100ms")));
    }
}
