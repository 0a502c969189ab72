package dev.loomlab.report;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.scenario.Bound;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The note on which term of a result's bound binds, asked of the result's scenario's own bound: here a scenario of
 * calls that each hold one of a pool's connections, as {@code db} is (this module does not see the db module), and
 * core's {@code task}, found on the class path.
 */
class BoundTermTest {
    private static final Model POOL_100 = new Model("platform:100", "platform", OptionalInt.of(100), ServingThread.PLATFORM,
            OptionalInt.of(100));
    private static final Scenario POOLED = Scenario.of(ScenarioDescription.named("db")
                    .summary("calls that each hold one of a pool's connections")
                    .params(ParamSpec.tasks("1000"), ParamSpec.count("connections", "10", 1, "the pool's size"))
                    .bound(Bound.calibrated("tasks", "connections"))
                    .build(),
            p -> null);
    private static final Function<String, Optional<Scenario>> SCENARIOS =
            name -> Optional.of(POOLED).filter(s -> s.name().equals(name));

    private static Result db(int connections, double boundMs) {
        Result r = Fixtures.ok("db", "platform:100", Fixtures.params("tasks", 2000, "connections", connections), Fixtures.JDK25,
                Fixtures.around(boundMs * 1.05), 2000, 20, 40, null, null);
        return r.toBuilder().modelInfo(POOL_100).bound(boundMs, null, 20.0).build();
    }

    @Test
    void aPoolSmallerThanTheModelsConcurrencyIsTheBindingTerm() {
        // 2,000 calls of 20 ms over 10 connections: 200 waves, 4,000 ms.
        assertThat(BoundTerm.of(db(10, 4_000), SCENARIOS)).isEqualTo("pool-bound (10 connections)");
    }

    @Test
    void aPoolLargerThanTheModelLeavesTheModelsThreadsAsTheLimit() {
        // 2,000 calls of 20 ms over the 100 threads: 20 waves, 400 ms.
        assertThat(BoundTerm.of(db(200, 400), SCENARIOS)).isEqualTo("I/O-bound");
    }

    @Test
    void aBoundAboveTheWavesIsTheCpuTerm() {
        assertThat(BoundTerm.of(db(200, 900), SCENARIOS)).isEqualTo("CPU-bound");
    }

    @Test
    void aUsersTaskIsJudgedByCoresOwnTaskScenario() {
        // 1,000 calls of 20 ms on 100 threads: 10 waves, 200 ms; with no pool, nothing but the threads limits it.
        Result task = Fixtures.ok("task", "platform:100", Fixtures.params("tasks", 1000, "task", "com.example.Call",
                        "classpath", "/tmp/app.jar", "delay", "20ms"), Fixtures.JDK25, Fixtures.around(210), 1000, 20, 40, null, null)
                .toBuilder().modelInfo(POOL_100).bound(200.0, null, 20.0).build();
        assertThat(BoundTerm.of(task)).isEqualTo("I/O-bound");
        assertThat(BoundTerm.of(task.toBuilder().bound(350.0, null, 20.0).build())).isEqualTo("CPU-bound");
    }

    @Test
    void aResultWhoseScenarioNoLongerExistsGetsNoNote() {
        assertThat(BoundTerm.of(db(10, 4_000), name -> Optional.empty())).isNull();
        assertThat(BoundTerm.of(db(10, 4_000))).as("no db scenario on this module's class path").isNull();
    }

    @Test
    void parametersTheScenarioNoLongerHasGiveNoNote() {
        Result renamed = db(10, 4_000).toBuilder().params(Fixtures.params("calls", 2000, "pool", 10)).build();
        assertThat(BoundTerm.of(renamed, SCENARIOS)).isNull();
    }

    @Test
    void otherScenariosHaveNoCalibratedTerm() {
        assertThat(BoundTerm.of(Fixtures.sleep("virtual", 10_000, 300, Fixtures.JDK25, 402, 300.0, null))).isNull();
        Result sleep = Fixtures.sleep("virtual", 10_000, 300, Fixtures.JDK25, 402, 300.0, null).toBuilder()
                .modelInfo(POOL_100).bound(300.0, null, 300.0).build();
        assertThat(BoundTerm.of(sleep)).as("a physical bound has one term").isNull();
    }
}
