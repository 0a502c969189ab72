package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.HarnessScenario;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.suite.Suite;
import dev.loomlab.core.trial.Jdk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expands targets (scenario or suite names) and options into the list of results to produce:
 * runs × models × parameter sweeps × JDKs. Everything the user typed is validated here, before any
 * file is written or any JVM forked.
 */
public final class Planner {
    private static final int DEFAULT_FORKS = 1;
    private static final int DEFAULT_WARMUP = 1;
    private static final int DEFAULT_ITERATIONS = 3;

    private final ScenarioCatalog scenarios;
    private final ModelCatalog models;

    public Planner(ScenarioCatalog scenarios, ModelCatalog models) {
        this.scenarios = scenarios;
        this.models = models;
    }

    public List<PlannedResult> plan(List<String> targets, RunOptions o) {
        List<ScenarioRun> runs = new ArrayList<>();
        for (String target : targets) {
            for (String t : target.split(",")) {
                Suite suite = Suite.find(t.trim());
                if (suite != null) {
                    runs.addAll(suite.runs(scenarios.all()));
                } else {
                    Scenario s = scenarios.get(t.trim());
                    runs.add(ScenarioRun.of(s.name(), s.defaultModels(), s.defaultSweep()));
                }
            }
        }
        Map<String, String> userParams = parseParams(o.params, runs);
        int forks = nonNegative("--forks", o.forks, DEFAULT_FORKS);
        List<String> jvmArgs = o.jvmArgs();
        List<Jdk> jdks = o.jvms.isEmpty() ? List.of(Jdk.current()) : o.jvms.stream().map(Jdk::at).toList();
        if (forks == 0 && !o.jvms.isEmpty()) {
            throw new BadInputException("--forks 0 runs in this JVM, so it cannot run on --jvm " + o.jvms.get(0));
        }
        if (forks == 0 && !jvmArgs.isEmpty()) {
            throw new BadInputException("--forks 0 runs in this JVM, so it cannot take --jvm-args or --jvm-arg");
        }
        if (forks == 0 && o.timeout != null) {
            throw new BadInputException("--forks 0 runs in this JVM, which cannot be killed at a --timeout");
        }

        List<PlannedResult> planned = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ScenarioRun run : runs) {
            Scenario scenario = scenarios.get(run.scenario());
            int warmup = nonNegative("--warmup", o.warmup, run.warmup() == null ? scenario.defaultWarmup().orElse(DEFAULT_WARMUP) : run.warmup());
            int iterations = nonNegative("--iterations", o.iterations,
                    run.iterations() == null ? DEFAULT_ITERATIONS : run.iterations());
            if (iterations < 1) {
                throw new BadInputException("--iterations must be at least 1");
            }
            List<String> modelNames = o.models.isEmpty() ? run.models() : o.models;
            // In the scenario's declared order, so sweeps expand the same way every run.
            Map<String, String> texts = new LinkedHashMap<>();
            for (ParamSpec spec : scenario.params()) {
                String text = userParams.getOrDefault(spec.name(), run.params().get(spec.name()));
                if (text != null) {
                    texts.put(spec.name(), text);
                }
            }
            for (Map<String, String> combo : sweep(texts)) {
                ParamValues values = ParamValues.parse(scenario.name(), scenario.params(), combo);
                for (String m : modelNames) {
                    if (m.isBlank()) {
                        throw new BadInputException("-m: empty model name");
                    }
                    String model = canonicalModel(scenario, m);
                    List<String> trialArgs = new ArrayList<>(scenario.trialJvmArgs());
                    trialArgs.addAll(models.trialJvmArgs(m));
                    trialArgs.addAll(jvmArgs);
                    for (Jdk jdk : jdks) {
                        String key = scenario.name() + "|" + model + "|" + values + "|" + jdk.home() + "|" + warmup + "|" + iterations;
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
     * The canonical name of a model for this scenario. A name that is a model or a thread kind anywhere is
     * accepted, and a trial where it does not apply is "not applicable" (so {@code -m platform,virtual} can
     * run beside executor scenarios); a name that is neither is bad input.
     */
    private String canonicalModel(Scenario scenario, String name) {
        ThreadKind kind = ThreadKind.find(name);
        if (kind != null && (scenario instanceof HarnessScenario || !knownModel(name))) {
            return kind.modelName();
        }
        try {
            return models.canonicalName(name);
        } catch (BadInputException e) {
            if (scenario instanceof HarnessScenario) {
                throw new BadInputException("unknown model '" + name + "': scenario " + scenario.name()
                        + " compares thread kinds " + ThreadKind.names());
            }
            throw e;
        }
    }

    private boolean knownModel(String name) {
        try {
            models.canonicalName(name);
            return true;
        } catch (BadInputException e) {
            return false;
        }
    }

    /** -p NAME=VALUE options; each name must belong to at least one scenario of the run. */
    private Map<String, String> parseParams(List<String> options, List<ScenarioRun> runs) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> known = new LinkedHashSet<>();
        for (ScenarioRun r : runs) {
            scenarios.get(r.scenario()).params().forEach(p -> known.add(p.name()));
        }
        for (String option : options) {
            int eq = option.indexOf('=');
            if (eq <= 0 || eq == option.length() - 1) {
                throw new BadInputException("-p " + option + ": expected NAME=VALUE, e.g. -p sleep=300ms");
            }
            String name = option.substring(0, eq).trim();
            if (!known.contains(name)) {
                throw new BadInputException("unknown parameter '" + name + "' (parameters here: " + String.join(", ", known) + ")");
            }
            out.put(name, option.substring(eq + 1).trim());
        }
        return out;
    }

    /** The cartesian product of comma-separated values, in the order given. */
    static List<Map<String, String>> sweep(Map<String, String> texts) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, String> e : texts.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : e.getValue().split(",")) {
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
