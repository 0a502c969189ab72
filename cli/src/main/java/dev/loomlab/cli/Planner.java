package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.catalog.CoreScenarios;
import dev.loomlab.core.Defaults;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.suite.Suite;
import dev.loomlab.core.suite.Suites;
import dev.loomlab.core.trial.Jdk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Expands targets (scenario or suite names) and options into the list of results to produce:
 * runs × models × parameter sweeps × JDKs. Everything the user typed is validated here, before any
 * file is written or any JVM forked.
 */
public final class Planner {
    private final ScenarioCatalog scenarios;
    private final ModelCatalog models;
    private final Suites suites;

    public Planner(ScenarioCatalog scenarios, ModelCatalog models) {
        this.scenarios = scenarios;
        this.models = models;
        this.suites = Suites.load(scenarios.all());
    }

    /** True when a target names a suite (quick, seeds, full or one a plugin adds) rather than a scenario. */
    public boolean namesSuite(List<String> targets) {
        return targets.stream().flatMap(t -> java.util.Arrays.stream(t.split(","))).anyMatch(t -> suites.find(t.trim()).isPresent());
    }

    public List<PlannedResult> plan(List<String> targets, PlanOptions o) {
        List<ScenarioRun> runs = new ArrayList<>();
        for (String target : targets) {
            for (String t : target.split(",")) {
                Optional<Suite> suite = suites.find(t.trim());
                if (suite.isPresent()) {
                    Rounds suiteRounds = suite.get().rounds();
                    suite.get().runs().forEach(r -> runs.add(new ScenarioRun(r.scenario(), r.models(), r.params(),
                            r.rounds().or(suiteRounds))));
                } else {
                    runs.add(ScenarioRun.defaults(scenarios.get(t.trim()).description()));
                }
            }
        }
        Map<String, String> userParams = parseParams(withTaskOptions(o), runs, o.task != null);
        Rounds user = o.rounds();
        List<String> jvmArgs = o.jvmArgs();
        List<Jdk> jdks = o.jvms.isEmpty() ? List.of(Jdk.current()) : o.jvms.stream().map(Jdk::at).toList();

        List<PlannedResult> planned = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ScenarioRun run : runs) {
            ScenarioDescription scenario = scenarios.get(run.scenario()).description();
            Rounds rounds = user.or(run.rounds()).or(scenario.rounds());
            int forks = nonNegative("--forks", rounds.forks(), Defaults.FORKS);
            int warmup = nonNegative("--warmup", rounds.warmup(), Defaults.WARMUP);
            int iterations = nonNegative("--iterations", rounds.iterations(), Defaults.ITERATIONS);
            if (iterations < 1) {
                throw new BadInputException("--iterations must be at least 1");
            }
            checkInProcess(forks, o, jvmArgs);
            List<String> modelNames = o.models.isEmpty() ? run.models() : o.models;
            // In the scenario's declared order, so sweeps expand the same way every run.
            Map<String, String> texts = new LinkedHashMap<>();
            boolean takesOthers = false;
            for (ParamSpec spec : scenario.params()) {
                takesOthers |= spec.name().equals(ParamSpec.OTHERS);
                String text = userParams.getOrDefault(spec.name(), run.params().get(spec.name()));
                if (text != null) {
                    texts.put(spec.name(), text);
                }
            }
            if (takesOthers) {
                // Parameters the scenario does not declare go to its workload as given (a user's task's own).
                userParams.forEach(texts::putIfAbsent);
            }
            List<String> lists = scenario.params().stream().filter(p -> p.type() == ParamType.CPUS).map(ParamSpec::name).toList();
            for (Map<String, String> combo : sweep(texts, lists)) {
                ParamValues values = ParamValues.parse(scenario.name(), scenario.params(), combo);
                scenarios.get(run.scenario()).check().accept(values);
                checkCpus(scenario, values, forks);
                for (String m : modelNames) {
                    if (m.isBlank()) {
                        throw new BadInputException("-m: empty model name");
                    }
                    Model model = models.create(m);
                    checkSchedulerSettings(m, forks, jvmArgs, scenario);
                    List<String> trialArgs = new ArrayList<>(scenario.trialJvmArgs());
                    trialArgs.addAll(models.trialJvmArgs(m));
                    trialArgs.addAll(jvmArgs);
                    for (Jdk jdk : jdks) {
                        String key = scenario.name() + "|" + model.name() + "|" + values + "|" + jdk.home() + "|" + forks
                                + "|" + warmup + "|" + iterations;
                        if (seen.add(key)) {
                            planned.add(new PlannedResult(scenario, model, values, jdk, forks, warmup, iterations, trialArgs));
                        }
                    }
                }
            }
        }
        return planned;
    }

    /**
     * The CPUs a result's parameters name ({@link ParamType#CPUS}): each a CPU this process may use, taskset there to start
     * a JVM on them, and the trial JVM's own only where there is a trial JVM to start.
     */
    private static void checkCpus(ScenarioDescription scenario, ParamValues values, int forks) {
        if (forks == 0 && scenario.trialCpus(values).isPresent()) {
            throw new BadInputException("--forks 0 runs in this JVM, which cannot be started on -p "
                    + scenario.trialCpus() + "=" + scenario.trialCpus(values).get());
        }
        for (String name : values.cpuParams()) {
            values.cpus(name).ifPresent(cpus -> Taskset.require("-p " + name, cpus));
        }
    }

    /**
     * Rejects a model's scheduler settings ({@code virtual:parallelism=4}) where they cannot hold: for a server run in a
     * JVM of its own, in this JVM, whose scheduler started long ago, or beside a {@code --jvm-arg} that sets the same
     * property another way.
     */
    private static void checkSchedulerSettings(String modelName, int forks, List<String> jvmArgs, ScenarioDescription scenario) {
        List<String> flags = ModelCatalog.schedulerJvmArgs(modelName);
        if (flags.isEmpty()) {
            return;
        }
        if (scenario.has(Trait.SERVES_ELSEWHERE)) {
            throw new BadInputException(scenario.name() + " runs " + modelName.trim().substring(0, modelName.trim().indexOf(':'))
                    + " in a server JVM of its own: a scheduler setting would reach its client, not the server");
        }
        if (forks == 0) {
            throw new BadInputException("--forks 0 runs in this JVM, whose virtual-thread scheduler is already started: model "
                    + modelName.trim() + " needs a trial JVM of its own");
        }
        for (String flag : flags) {
            String property = flag.substring(0, flag.indexOf('=') + 1);
            for (String given : jvmArgs) {
                if (given.startsWith(property)) {
                    throw new BadInputException("model " + modelName.trim() + " sets " + flag.substring(2) + ", and --jvm-arg "
                            + given + " sets it too: give it once");
                }
            }
        }
    }

    /** Rejects what a run inside this JVM ({@code --forks 0}) cannot do. */
    private static void checkInProcess(int forks, PlanOptions o, List<String> jvmArgs) {
        if (forks != 0) {
            return;
        }
        if (!o.jvms.isEmpty()) {
            throw new BadInputException("--forks 0 runs in this JVM, so it cannot run on --jvm " + o.jvms.get(0));
        }
        if (!jvmArgs.isEmpty()) {
            throw new BadInputException("--forks 0 runs in this JVM, so it cannot take --jvm-args or --jvm-arg");
        }
        if (o.timeoutGiven() != null) {
            throw new BadInputException("--forks 0 runs in this JVM, which cannot be killed at a --timeout");
        }
    }

    /** -p NAME=VALUE options; each name must belong to at least one scenario of the run, and be given once. */
    /** {@code -p} as given, with {@code --task} and {@code --classpath} as the parameters of scenario {@code task}. */
    private static List<String> withTaskOptions(PlanOptions o) {
        List<String> all = new ArrayList<>(o.params);
        if (o.task != null) {
            all.add(CoreScenarios.TASK + "=" + o.task);
        }
        if (o.classpath != null) {
            // Absolute, so that the result says where the task came from whatever the folder it is read in.
            all.add(CoreScenarios.CLASSPATH + "=" + absolute(o.classpath));
        }
        return all;
    }

    private static String absolute(String classPath) {
        List<String> entries = new ArrayList<>();
        for (String e : classPath.split(java.io.File.pathSeparator)) {
            if (!e.isBlank()) {
                entries.add(e.endsWith("*") ? java.nio.file.Path.of(e.substring(0, e.length() - 1)).toAbsolutePath() + java.io.File.separator + "*"
                        : java.nio.file.Path.of(e).toAbsolutePath().toString());
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /**
     * @param othersAllowed true when {@code --task} names a task, whose own parameters any undeclared name may be;
     *                      else an undeclared name is a typo (even where the quick suite holds scenario task)
     */
    private Map<String, String> parseParams(List<String> options, List<ScenarioRun> runs, boolean othersAllowed) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> known = new LinkedHashSet<>();
        for (ScenarioRun r : runs) {
            scenarios.get(r.scenario()).description().params().forEach(p -> known.add(p.name()));
        }
        for (String option : options) {
            int eq = option.indexOf('=');
            if (eq <= 0 || eq == option.length() - 1) {
                throw new BadInputException("-p " + option + ": expected NAME=VALUE, e.g. -p sleep=300ms");
            }
            String name = option.substring(0, eq).trim();
            if (!known.contains(name) && !(othersAllowed && known.contains(ParamSpec.OTHERS))) {
                throw new BadInputException("unknown parameter '" + name + "' (parameters here: " + String.join(", ", known) + ")");
            }
            String value = option.substring(eq + 1).trim();
            String before = out.put(name, value);
            // Taking the last silently would run something other than half of what was typed.
            if (before != null) {
                throw new BadInputException("-p " + name + " given twice (" + name + "=" + before + ", " + name + "=" + value
                        + "); a sweep is one -p with commas: -p " + name + "=" + before + "," + value);
            }
        }
        return out;
    }

    /** The cartesian product of comma-separated values, in the order given. */
    static List<Map<String, String>> sweep(Map<String, String> texts) {
        return sweep(texts, List.of());
    }

    /** As {@link #sweep(Map)}, each parameter of {@code whole} taken whole: its commas are its value's (a CPU list's). */
    static List<Map<String, String>> sweep(Map<String, String> texts, List<String> whole) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, String> e : texts.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : whole.contains(e.getKey()) ? new String[] {e.getValue()} : e.getValue().split(",", -1)) {
                    if (v.isBlank()) {
                        throw new BadInputException("parameter " + e.getKey() + ": empty value in '" + e.getValue() + "'");
                    }
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(e.getKey(), v.trim());
                    next.add(m);
                }
            }
            combos = next;
        }
        return combos;
    }

    private static int nonNegative(String option, Integer given, int fallback) {
        if (given == null) {
            return fallback;
        }
        if (given < 0) {
            throw new BadInputException(option + " must be 0 or more, got " + given);
        }
        return given;
    }
}
