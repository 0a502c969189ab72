package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.Plugins;
import dev.loomlab.core.fanout.FanoutProvider;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.pinning.NativeFrame;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.suite.Suite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loomlab list [scenarios|models|suites]}: what exists, with each scenario's parameters and defaults,
 * and the plugins that could not be loaded, with why.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List scenarios (with parameters), models and suites.")
final class ListCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "WHAT", description = "scenarios, models or suites (default: all)")
    String what;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        ScenarioCatalog scenarios = ScenarioCatalog.load();
        ModelCatalog models = ModelCatalog.load();
        // the other plugin services, so that a broken provider of theirs shows here too
        Plugins.load(FanoutProvider.class);
        Plugins.load(NativeFrame.class);
        if (what != null && !List.of("scenarios", "models", "suites").contains(what)) {
            throw new BadInputException("list what? '" + what + "' (scenarios, models or suites)");
        }
        if (what == null || what.equals("scenarios")) {
            out.println("Scenarios:");
            for (Scenario s : scenarios.all()) {
                out.printf("  %-10s %s%n", s.name(), s.summary());
                out.printf("  %-10s reproduces %s%n", "", s.seed());
                out.printf("  %-10s default models: %s%n", "", String.join(", ", s.defaultModels()));
                for (ParamSpec p : s.params()) {
                    String type = p.choices().isEmpty() ? p.type().name().toLowerCase() : "one of " + String.join("|", p.choices());
                    out.printf("  %-10s   -p %s=%s  (%s, %s)%n", "", p.name(), p.defaultValue(), type, p.description());
                }
                if (!s.defaultSweep().isEmpty()) {
                    out.printf("  %-10s default sweep: %s%n", "", s.defaultSweep().entrySet().stream()
                            .map(e -> "-p " + e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(" ")));
                }
                out.println();
            }
        }
        if (what == null || what.equals("models")) {
            out.println("Models (N = a size; platform:cores = as many as available processors):");
            for (ModelProvider.ModelKind k : models.kinds()) {
                out.printf("  %-20s %s%n", k.name() + (k.sized() ? ":N" : ""), k.description());
            }
            out.println("Thread kinds (the models of thread-start, thread-create, handoff and memory):");
            for (ThreadKind k : ThreadKind.values()) {
                out.printf("  %-20s one %s thread (Thread.of%s())%n", k.modelName(), k.modelName(),
                        k == ThreadKind.PLATFORM ? "Platform" : "Virtual");
            }
            out.println();
        }
        if (what == null || what.equals("suites")) {
            out.println("Suites:");
            for (Suite suite : Suite.values()) {
                List<ScenarioRun> runs = suite.runs(scenarios.all());
                out.printf("  %-8s %s (%d runs)%n", suite.id(), suite.description(), runs.size());
                for (ScenarioRun r : runs) {
                    out.printf("  %-8s   %s -m %s %s%s%n", "", r.scenario(), String.join(",", r.models()),
                            params(r, scenarios.get(r.scenario())), r.iterations() == null ? "" : " (warm-up " + r.warmup() + ", iterations " + r.iterations() + ")");
                }
            }
        }
        List<Plugins.Broken> broken = Plugins.broken();
        if (!broken.isEmpty()) {
            out.println();
            out.println("Broken plugins (not loaded in this JVM: their scenarios and models are unknown here):");
            for (Plugins.Broken b : broken) {
                out.printf("  %s%n", b.line());
            }
        }
        return 0;
    }

    private static String params(ScenarioRun r, Scenario s) {
        StringBuilder sb = new StringBuilder();
        for (ParamSpec p : s.params()) {
            if (r.params().containsKey(p.name())) {
                sb.append("-p ").append(p.name()).append('=').append(r.params().get(p.name())).append(' ');
            }
        }
        return sb.toString().trim();
    }
}
