package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BoundsTest {
    private final ModelCatalog models = ModelCatalog.load();
    private final ScenarioCatalog scenarios = ScenarioCatalog.load();
    private final ScenarioDescription sleep = scenarios.get("sleep").description();

    private double bound(ScenarioDescription scenario, ParamValues p, String model, BoundContext context) {
        return scenario.bound().ms(p, models.create(model), context);
    }

    private double sleepBound(String model, String tasks, String duration) {
        ParamValues p = ParamValues.parse("sleep", sleep.params(), Map.of("tasks", tasks, "sleep", duration));
        return bound(sleep, p, model, new BoundContext(2, Double.NaN));
    }

    private double cpuSqrtBound(String tasks, String model, BoundContext context) {
        ScenarioDescription cpu = scenarios.get("cpu-sqrt").description();
        return bound(cpu, ParamValues.parse("cpu-sqrt", cpu.params(), Map.of("tasks", tasks)), model, context);
    }

    @Test
    void sleepBoundIsWavesOfThePoolTimesTheSleep() {
        assertThat(sleepBound("platform:200", "10000", "300ms")).isEqualTo(15_000.0);
        assertThat(sleepBound("platform:800", "10000", "300ms")).isEqualTo(13 * 300.0);
        assertThat(sleepBound("platform:100", "2000", "100ms")).isEqualTo(2_000.0);
        assertThat(sleepBound("virtual", "10000", "300ms")).isEqualTo(300.0);
        assertThat(sleepBound("virtual-bounded:1000", "10000", "300ms")).isEqualTo(3_000.0);
    }

    @Test
    void cpuBoundSpreadsSerialTimeOverTheUsableCores() {
        assertThat(cpuSqrtBound("1000", "platform:8", new BoundContext(2, 0.5))).isEqualTo(250.0);
        assertThat(cpuSqrtBound("1000", "platform:1", new BoundContext(2, 0.5))).isEqualTo(500.0);
        assertThat(cpuSqrtBound("1000", "virtual", new BoundContext(4, 0.5))).isEqualTo(125.0);
        assertThat(cpuSqrtBound("1000", "virtual", new BoundContext(4, Double.NaN))).isNaN();
    }

    @Test
    void aTaskIsIndivisibleOnItsThread() {
        // Two threads, three 1 ms tasks: one thread runs two of them.
        assertThat(cpuSqrtBound("3", "platform:2", new BoundContext(2, 1.0))).isEqualTo(2.0);
        // Three threads on two cores share them: 1.5 ms.
        assertThat(cpuSqrtBound("3", "platform:3", new BoundContext(2, 1.0))).isEqualTo(1.5);
    }

    @Test
    void mixedBoundSleepsBeforeItComputes() {
        ScenarioDescription mixed = scenarios.get("mixed").description();
        ParamValues p = ParamValues.parse("mixed", mixed.params(), Map.of("tasks", "100", "sleep", "20ms"));
        // Unbounded on 2 cores: one 20 ms sleep, then 100 × 1 ms of work over 2 cores.
        assertThat(bound(mixed, p, "virtual", new BoundContext(2, 1.0))).isEqualTo(70.0);
        // A pool of 10: ten waves of (20 + 1) ms dominate.
        assertThat(bound(mixed, p, "platform:10", new BoundContext(2, 1.0))).isEqualTo(210.0);
    }

    @Test
    void aCalibratedBoundIsTheLongerOfItsWavesAndItsCpuAndSaysWhichBinds() {
        ScenarioDescription task = scenarios.get("task").description();
        ParamValues p = ParamValues.parse("task", task.params(), Map.of("tasks", "1000"));
        Model pool = models.create("platform:100");
        // Ten waves of a 20 ms call: 200 ms; 1,000 × 1 ms of CPU over 2 cores: 500 ms.
        assertThat(task.bound().ms(p, pool, new BoundContext(2, 20, Double.NaN))).isEqualTo(200.0);
        assertThat(task.bound().ms(p, pool, new BoundContext(2, 20, 1.0))).isEqualTo(500.0);
        assertThat(task.bound().term(p, pool, 20, 200)).contains(BindingTerm.WAITING);
        assertThat(task.bound().term(p, pool, 20, 500)).contains(BindingTerm.COMPUTING);
        assertThat(sleep.bound().term(ParamValues.parse("sleep", sleep.params(), Map.of()), pool, 20, 200))
                .as("a physical bound has one term").isEmpty();
    }

    @Test
    void aPoolSmallerThanTheModelsConcurrencyMakesTheWavesItsOwn() {
        Bound pooled = Bound.calibrated("tasks", "connections");
        ParamValues p = ParamValues.parse("pooled", List.of(ParamSpec.tasks("1000"),
                ParamSpec.count("connections", "10", 1, "the pool's size")), Map.of());
        // 1,000 calls of 20 ms through 10 connections: 100 waves, 2,000 ms, whatever the 100 threads.
        assertThat(pooled.ms(p, models.create("platform:100"), new BoundContext(2, 20))).isEqualTo(2_000.0);
        assertThat(pooled.term(p, models.create("platform:100"), 20, 2_000)).contains(BindingTerm.pool(10, "connections"));
        // Five threads hold at most five of the ten connections: the threads' waves.
        assertThat(pooled.ms(p, models.create("platform:5"), new BoundContext(2, 20))).isEqualTo(4_000.0);
        assertThat(pooled.term(p, models.create("platform:5"), 20, 4_000)).contains(BindingTerm.WAITING);
    }

    @Test
    void publishedFiguresMatchByModelAndParams() {
        Articles articles = Articles.load();
        assertThat(articles.figure("sleep", "platform:200", Map.of("tasks", "10000", "sleep", "300ms"), 2))
                .hasValueSatisfying(f -> assertThat(f.value()).isEqualTo(15549.0));
        assertThat(articles.figure("sleep", "platform:200", Map.of("tasks", "2000", "sleep", "300ms"), 2)).isEmpty();
        assertThat(articles.figure("sleep", "platform:200", Map.of("tasks", "10000", "sleep", "200ms"), 2))
                .hasValueSatisfying(f -> assertThat(f.article()).isEqualTo("002"));
        // "platform:cores" in a figure matches the pool as large as this machine's cores, and no other.
        Map<String, String> sqrt = Map.of("tasks", "1000", "n", "1000000");
        assertThat(articles.figure("cpu-sqrt", "platform:2", sqrt, 2)).isPresent();
        assertThat(articles.figure("cpu-sqrt", "platform:8", sqrt, 2)).isEmpty();
    }
}
