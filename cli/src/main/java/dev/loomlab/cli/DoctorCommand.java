package dev.loomlab.cli;

import dev.loomlab.cli.doctor.Check;
import dev.loomlab.cli.doctor.CpuSteadiness;
import dev.loomlab.cli.doctor.Doctor;
import dev.loomlab.cli.doctor.DoctorText;
import dev.loomlab.cli.doctor.Examination;
import dev.loomlab.cli.doctor.SteadinessCheck;
import dev.loomlab.core.BadInputException;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.scenario.ScenarioCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loomlab doctor [SUITE|SCENARIO…] [--json] [--steadiness SPAN]}: this machine's facts, each judged against
 * what the results {@code loomlab run} would plan for those names need (default: the quick suite), and with
 * {@code --steadiness} how steady its CPU speed is over the span ({@link CpuSteadiness}). Exit 1 when a check fails (the
 * plan cannot run as asked here), 0 otherwise, 2 on bad input.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Check this machine against what a suite or scenario needs (default: quick): cores and CPU quota,"
                + " memory, threads, open files, ports, somaxconn, huge pages, governor, perf events, JDKs, Chromium.",
                "Each check: its finding, what it means for loomlab's figures, and the fix. Exit 1 when the plan cannot run"
                        + " as asked here (a check fails), 0 otherwise, 2 on bad input. See docs/machines.md.",
                "With --steadiness SPAN it also times the same CPU work on every core for the span: how far this machine's"
                        + " own speed moves."})
final class DoctorCommand implements Callable<Integer> {
    private static final Duration SHORTEST_STEADINESS = Duration.ofSeconds(10);
    private static final Duration LONGEST_STEADINESS = Duration.ofHours(1);

    @Parameters(arity = "0..*", paramLabel = "SUITE|SCENARIO", description = "what 'loomlab run' would run (default: quick)")
    List<String> targets = new ArrayList<>();

    @Option(names = "--json", description = "one JSON document: every check with its facts, the plan's needs, all the facts")
    boolean json;

    @Mixin
    PlanOptions options = new PlanOptions();

    @Option(names = "--steadiness", paramLabel = "SPAN", converter = Converters.DurationConverter.class,
            description = "also time the same CPU work on every core for SPAN (10s to 1h, e.g. 2m), the machine otherwise"
                    + " idle: how far its own speed moves, against which any difference measured here must be read")
    Duration steadiness;

    @ParentCommand
    Main parent;

    @Override
    public Integer call() throws Exception {
        if (parent != null && !parent.options.isEmpty()) {
            throw new BadInputException("options of 'doctor' go after it: loomlab doctor SCENARIO [options]");
        }
        List<String> what = targets.isEmpty() ? List.of("quick") : targets;
        var plan = new Planner(ScenarioCatalog.load(), ModelCatalog.load()).plan(what, options);
        if (steadiness != null && (steadiness.compareTo(SHORTEST_STEADINESS) < 0 || steadiness.compareTo(LONGEST_STEADINESS) > 0)) {
            throw new BadInputException("--steadiness " + Units.formatDuration(steadiness.toNanos())
                    + ": give 10s to 1h (a minute shows the machine's jitter, a quarter of an hour its drift)");
        }
        Examination e = Doctor.examineHere(plan, options.profilers());
        if (steadiness != null) {
            e = withSteadiness(e);
        }
        if (json) {
            System.out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(e.json(what)));
        } else {
            System.out.print(DoctorText.render(e, String.join(" ", what)));
        }
        return e.failures().isEmpty() ? 0 : 1;
    }

    private Examination withSteadiness(Examination e) throws InterruptedException {
        int threads = Runtime.getRuntime().availableProcessors();
        System.err.printf("loomlab doctor: timing the same CPU work on %d %s for %s (after %s of warm-up); leave the"
                        + " machine idle meanwhile …%n", threads, threads == 1 ? "thread" : "threads",
                Units.formatDuration(steadiness.toNanos()), Units.formatDuration(CpuSteadiness.WARM_UP.toNanos()));
        CpuSteadiness s = CpuSteadiness.measure(steadiness, threads);
        List<Check> checks = new ArrayList<>(e.checks());
        checks.add(SteadinessCheck.judge(s, steadiness, threads));
        return new Examination(e.facts(), e.needs(), checks);
    }
}
