package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.BadInputException;
import dev.loomlab.load.LoadParams;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.trial.TrialRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code loomlab run <scenario|suite>… [options]}: runs scenarios or suites into a results folder. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run scenarios or suites (quick, seeds, full), each model in its own JVM.")
final class RunCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "SCENARIO|SUITE", description = "what to run; see 'loomlab list'")
    List<String> targets = new ArrayList<>();

    @Mixin
    RunOptions options = new RunOptions();

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @ParentCommand
    Main parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (parent != null && !parent.options.isEmpty()) {
            throw new BadInputException("options of 'run' go after it: loomlab run SCENARIO [options]");
        }
        return execute(targets, options, metrics, Main.typed(spec));
    }

    /**
     * Plans (validating all input first), runs, renders; exit 0 when every result is ok or not applicable.
     *
     * @param command the command as typed, first word {@code loomlab}
     */
    static int execute(List<String> targets, RunOptions options, List<String> command) throws Exception {
        return execute(targets, options, new MetricsOptions(), command);
    }

    /** As {@link #execute(List, RunOptions, List)}, served to Prometheus while it runs when {@code metrics} asks. */
    static int execute(List<String> targets, RunOptions options, MetricsOptions metrics, List<String> command) throws Exception {
        ScenarioCatalog scenarios = ScenarioCatalog.load();
        ModelCatalog models = ModelCatalog.load();
        Planner planner = new Planner(scenarios, models);
        List<PlannedResult> plan = planner.plan(targets, options);
        Duration timeout = options.timeout();
        if (timeout.isZero()) {
            throw new BadInputException("--timeout must be more than 0");
        }
        if (plan.isEmpty()) {
            throw new BadInputException("nothing to run");
        }
        for (PlannedResult p : plan) {
            if (p.params().canonical().getOrDefault(LoadParams.RATE, "").equals(LoadParams.MAX) && options.slo().forScenario(p.scenario()).isEmpty()) {
                throw new BadInputException(p.scenario().name() + " -p rate=max searches for the highest rate within an objective:"
                        + " --slo none gives none");
            }
        }
        List<ProfilerSpec> profilers = options.profilers();
        if (!profilers.isEmpty() && plan.stream().anyMatch(p -> p.forks() == 0)) {
            throw new BadInputException("--prof profiles trial JVMs of their own: it cannot be used with --forks 0");
        }
        if (options.dryRun) {
            System.out.print(PlanTable.render(plan));
            return 0;
        }
        List<Result> results;
        Optional<MetricsEndpoint> endpoint = metrics.start();
        try (RunDatabase db = RunDatabase.forPlan(plan, options.dbUrl, System.err)) {
            endpoint.ifPresent(e -> MetricsEndpoint.announce(e, System.err));
            results = new RunSession(scenarios, models, TrialRunner.withCurrentClassPath().live(endpoint.isPresent()).profiled(profilers),
                    options.sampleThreads, endpoint.map(MetricsEndpoint::registry).orElse(null), options.slo())
                    .answerOnly(planner.namesSuite(targets))
                    .run(plan, timeout, options.out, options.resume, command, System.out);
        } finally {
            endpoint.ifPresent(MetricsEndpoint::close);
        }
        boolean allOk = results.stream().allMatch(r -> r.ok() || r.status() == Status.NOT_APPLICABLE);
        return allOk ? 0 : 1;
    }
}
