package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class PlannerTest {
    private final Planner planner = new Planner(ScenarioCatalog.load(), ModelCatalog.load());

    @Test
    void sweepsMultiplyModelsAndValuesInDeclaredOrder() {
        RunOptions o = new RunOptions();
        o.models = List.of("virtual", "platform:cores");
        o.params = List.of("sleep=10ms,20ms", "tasks=1k");
        List<PlannedResult> plan = planner.plan(List.of("sleep"), o);
        assertThat(plan).extracting(p -> p.model().name() + " " + p.params())
                .containsExactly("virtual tasks=1000 sleep=10ms",
                        "platform:" + Runtime.getRuntime().availableProcessors() + " tasks=1000 sleep=10ms",
                        "virtual tasks=1000 sleep=20ms",
                        "platform:" + Runtime.getRuntime().availableProcessors() + " tasks=1000 sleep=20ms");
        // The defaults: two forks of one warm-up and five measured iterations.
        assertThat(plan).allSatisfy(p -> {
            assertThat(p.forks()).isEqualTo(2);
            assertThat(p.warmup()).isEqualTo(1);
            assertThat(p.iterations()).isEqualTo(5);
        });
    }

    /**
     * A CPU list's commas are its own: {@code -p server-cpus=0-1,0} is one result on CPUs 0-1, not a sweep; the trial JVM of web
     * is started on {@code load-cpus}. Where taskset is missing the run is refused instead (BadInputTest).
     */
    @Test
    void aCpuListIsOneValueAndPinsTheTrialJvm() {
        Optional<CpuList> allowed = CpuAffinity.ofThisProcess();
        assumeTrue(Taskset.find().isPresent() && allowed.isPresent(), "needs taskset and /proc");
        RunOptions o = new RunOptions();
        o.models = List.of("jdk");
        o.params = List.of("server-cpus=" + allowed.get() + "," + allowed.get().first(), "load-cpus=" + allowed.get());
        List<PlannedResult> plan = planner.plan(List.of("web"), o);
        assertThat(plan).singleElement().satisfies(p -> {
            assertThat(p.params().canonical()).containsEntry("server-cpus", allowed.get().toString());
            assertThat(p.scenario().trialCpus(p.params())).contains(allowed.get());
        });
        assertThat(Planner.sweep(new java.util.LinkedHashMap<>(java.util.Map.of("load-cpus", "0,2")), List.of("load-cpus")))
                .containsExactly(java.util.Map.of("load-cpus", "0,2"));
        assertThat(planner.plan(List.of("web"), new RunOptions())).allSatisfy(p -> assertThat(p.scenario().trialCpus(p.params()))
                .isEmpty());
    }

    /** A run starts a database for the results whose scenario says it needs one: db always, web on a db endpoint. */
    @Test
    void scenariosDeclareWhetherTheyNeedADatabase() {
        assertThat(planner.plan(List.of("db"), new RunOptions())).allSatisfy(p -> assertThat(p.machineNeeds().database()).isTrue());
        RunOptions dbEndpoint = new RunOptions();
        dbEndpoint.params = List.of("endpoint=sleep,db");
        assertThat(planner.plan(List.of("web"), dbEndpoint)).extracting(p -> p.params().canonical().get("endpoint") + " "
                + p.machineNeeds().database()).contains("sleep false", "db true");
        assertThat(planner.plan(List.of("quick"), new RunOptions()))
                .filteredOn(p -> !p.scenario().name().equals("db")).allSatisfy(p -> assertThat(p.machineNeeds().database()).isFalse());
    }

    @Test
    void suitesKeepTheirRoundsUnlessTheUserGivesThem() {
        List<PlannedResult> seeds = planner.plan(List.of("seeds"), new RunOptions());
        PlannedResult article004 = seeds.stream()
                .filter(p -> p.scenario().name().equals("sleep") && p.params().toString().contains("300ms"))
                .findFirst().orElseThrow();
        assertThat(article004.warmup()).isZero();
        assertThat(article004.iterations()).isEqualTo(3);
        RunOptions o = new RunOptions();
        o.iterations = 1;
        assertThat(planner.plan(List.of("seeds"), o)).allSatisfy(p -> assertThat(p.iterations()).isEqualTo(1));
    }

    @Test
    void aScenarioMayAskForMoreWarmUpButTheUserDecides() {
        assertThat(planner.plan(List.of("http-get"), new RunOptions())).allSatisfy(p -> assertThat(p.warmup()).isEqualTo(5));
        RunOptions o = new RunOptions();
        o.warmup = 1;
        assertThat(planner.plan(List.of("http-get"), o)).allSatisfy(p -> assertThat(p.warmup()).isEqualTo(1));
    }

    @Test
    void aScenarioRunByNameSweepsItsDefaultSweepUnlessTheUserGivesTheParameter() {
        assertThat(planner.plan(List.of("pinning"), new RunOptions())).extracting(p -> p.params().toString())
                .containsExactly("tasks=200 hold=20ms lock=synchronized", "tasks=200 hold=20ms lock=reentrant",
                        "tasks=200 hold=20ms lock=native", "tasks=200 hold=20ms lock=wait", "tasks=200 hold=20ms lock=clinit");
        RunOptions o = new RunOptions();
        o.params = List.of("lock=native");
        assertThat(planner.plan(List.of("pinning"), o)).extracting(p -> p.params().toString())
                .containsExactly("tasks=200 hold=20ms lock=native");
        assertThat(planner.plan(List.of("semaphore"), new RunOptions())).hasSize(8);
        assertThat(planner.plan(List.of("threadlocal"), new RunOptions())).hasSize(8);
    }

    @Test
    void pinningTrialsMayCallNativeCode() {
        assertThat(planner.plan(List.of("pinning"), new RunOptions()).get(0).jvmArgs())
                .containsExactly("--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void quickCoversEveryScenario() {
        // From the catalogue, not a list of ours: a scenario dropped from the quick suite fails here.
        List<String> every = dev.loomlab.core.scenario.ScenarioCatalog.load().all().stream()
                .map(dev.loomlab.core.scenario.Scenario::name).toList();
        assertThat(every).contains("sleep", "fanout", "memory", "thread-start", "web", "echo");
        assertThat(planner.plan(List.of("quick"), new RunOptions()))
                .extracting(p -> p.scenario().name())
                .containsAll(every);
    }

    @Test
    void quickLoadsOneServerBrieflyWithoutWarmUpIterations() {
        assertThat(planner.plan(List.of("quick"), new RunOptions()))
                .filteredOn(p -> p.scenario().name().equals("web"))
                .extracting(p -> p.model() + " " + p.warmup() + "+" + p.iterations() + " " + p.params())
                .containsExactly("mvc-virtual 0+1 users=100 rate=0 delay=50ms endpoint=sleep work=10ms retain=10000 cache=10000 db-connections=10 batch=10 db-latency=20ms watch-blocks=no server-heap=0 warmup=1s settle=0ms duration=1s ramp=0ms timeout=30s connections=10000 start-rate=1000 min-rate=100 precision=0.05 engine=loomlab load-cpus= server-cpus=");
    }

    @Test
    void trialFlagsComeFromScenarioModelAndUserInThatOrder() {
        RunOptions o = new RunOptions();
        o.models = List.of("structured");
        o.jvmArgs = List.of("-Xss2m");
        o.jvmArg = List.of("-Dx=a b");
        PlannedResult p = planner.plan(List.of("fanout"), o).get(0);
        assertThat(p.jvmArgs()).containsExactly("-XX:MaxRAMPercentage=75", "--enable-preview", "-Xss2m", "-Dx=a b");
    }
}
