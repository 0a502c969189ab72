package dev.loomlab.core.pinning;

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
 * {@code pinning}: tasks that each block for {@code hold} inside their own lock of kind {@code lock} —
 * article 004's pinning caution, measured on every JDK given. JFR records every
 * {@code jdk.VirtualThreadPinned} event (threshold 0) with its stack. Unpinned, all tasks wait at once
 * (bound: one hold); pinned, only as many as there are carriers ({@code pinned_bound_ms}:
 * ceil(tasks / carriers) × hold).
 */
public final class PinningScenario implements Scenario {
    private static final String ALL_KINDS = String.join(",", LockKind.words());

    @Override
    public String name() {
        return "pinning";
    }

    @Override
    public String summary() {
        return "virtual threads blocking inside synchronized, ReentrantLock, a native frame, Object.wait or a class initializer: which pin their carrier (JFR)";
    }

    @Override
    public String seed() {
        return "004_1a8054f6c48c5769.txt (pinning; JEP 491 changed synchronized in JDK 24)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("200"),
                ParamSpec.duration("hold", "20ms", "how long each task blocks inside its lock"),
                ParamSpec.choice("lock", "synchronized", LockKind.words(),
                        "where each task blocks, inside its own lock; native needs Java 22+"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("virtual");
    }

    @Override
    public Map<String, String> defaultSweep() {
        return Map.of("lock", ALL_KINDS);
    }

    @Override
    public Workload workload(ParamValues p) {
        return new PinningWorkload(p.intCount("tasks"), p.durationNanos("hold"), LockKind.of(p.choice("lock")));
    }

    /** One hold when nothing limits the tasks (no pinning); ceil(tasks / N) × hold for a model of N. */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        return Bounds.waiting(p.intCount("tasks"), p.durationMillis("hold"), model);
    }

    /** lock=native calls into native code (FFM), which Java 24+ warns about unless enabled. */
    @Override
    public List<String> trialJvmArgs() {
        return List.of("--enable-native-access=ALL-UNNAMED");
    }

    @Override
    public boolean recordsPinning() {
        return true;
    }

    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("virtual"),
                Map.of("tasks", "100", "hold", "10ms", "lock", "synchronized,native")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), List.of("virtual"), Map.of("tasks", "200", "hold", "20ms", "lock", ALL_KINDS)));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), List.of("virtual", "virtual-direct", "platform:200"),
                        Map.of("tasks", "200", "hold", "20ms", "lock", ALL_KINDS)),
                ScenarioRun.of(name(), List.of("virtual"), Map.of("tasks", "100,1000", "hold", "20ms", "lock", ALL_KINDS)));
    }
}
