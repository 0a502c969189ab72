package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.Plugins;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.scenario.Article;
import dev.loomlab.core.scenario.ArticleRef;
import dev.loomlab.core.scenario.Articles;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.pinning.NativeFrame;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.suite.Suite;
import dev.loomlab.core.suite.Suites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

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
        Articles articles = Articles.load();
        // the other plugin services, so that a broken provider of theirs shows here too
        Plugins.load(NativeFrame.class);
        if (what != null && !List.of("scenarios", "models", "suites").contains(what)) {
            throw new BadInputException("list what? '" + what + "' (scenarios, models or suites)");
        }
        if (what == null || what.equals("scenarios")) {
            out.println("Scenarios:");
            for (Scenario scenario : scenarios.all()) {
                ScenarioDescription s = scenario.description();
                out.printf("  %-12s %s%n", s.name(), s.summary());
                for (ArticleRef ref : s.articles()) {
                    out.printf("  %-12s reproduces [%s] %s — %s%n", "", ref.article(), articles.find(ref.article())
                            .map(Article::title).orElse("(unknown article)"), ref.experiment());
                }
                out.printf("  %-12s default models: %s; score: %s%n", "", String.join(", ", s.defaultModels()), s.score());
                for (ParamSpec p : s.params()) {
                    String type = p.choices().isEmpty() ? p.type().name().toLowerCase()
                            : p.type() == ParamType.DECIMAL ? "decimal or " + String.join("|", p.choices())
                            : "one of " + String.join("|", p.choices());
                    out.printf("  %-12s   -p %s=%s  (%s, %s)%n", "", p.name(), p.defaultValue(), type, p.description());
                }
                if (!s.defaultSweep().isEmpty()) {
                    out.printf("  %-12s default sweep: %s%n", "", s.defaultSweep().entrySet().stream()
                            .map(e -> "-p " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
                }
                out.println();
            }
        }
        if (what == null || what.equals("models")) {
            out.println("Models (N = a size; platform:cores = as many as available processors), with the forms each runs:");
            for (ModelKind k : models.kinds()) {
                String name = switch (k.sizing()) {
                    case NONE -> k.name();
                    case REQUIRED -> k.name() + ":N";
                    case OPTIONAL -> k.name() + "[:N]";
                };
                String forms = models.forms(k.name()).stream().map(Form::name).collect(Collectors.joining(", "));
                out.printf("  %-22s %s%n  %-22s   %s threads; forms: %s%n", name, k.description(), "", k.threads().header(),
                        forms.isEmpty() ? "none" : forms);
            }
            out.println();
        }
        if (what == null || what.equals("suites")) {
            out.println("Suites:");
            for (Suite suite : Suites.load(scenarios.all()).all()) {
                out.printf("  %-8s %s (%d runs)%s%n", suite.id(), suite.description(), suite.runs().size(),
                        rounds(suite.rounds()).isEmpty() ? "" : ", each" + rounds(suite.rounds()) + " unless it says");
                for (ScenarioRun r : suite.runs()) {
                    out.printf("  %-8s   %s -m %s %s%s%n", "", r.scenario(), String.join(",", r.models()),
                            params(r, scenarios.get(r.scenario()).description()), rounds(r.rounds()));
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

    private static String rounds(Rounds r) {
        return (r.forks() == null ? "" : " --forks " + r.forks()) + (r.warmup() == null ? "" : " --warmup " + r.warmup())
                + (r.iterations() == null ? "" : " --iterations " + r.iterations());
    }

    private static String params(ScenarioRun r, ScenarioDescription s) {
        StringBuilder sb = new StringBuilder();
        for (ParamSpec p : s.params()) {
            if (r.params().containsKey(p.name())) {
                sb.append("-p ").append(p.name()).append('=').append(r.params().get(p.name())).append(' ');
            }
        }
        return sb.toString().trim();
    }
}
