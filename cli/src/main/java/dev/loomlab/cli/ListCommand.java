package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.Plugins;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.Article;
import dev.loomlab.core.scenario.ArticleRef;
import dev.loomlab.core.scenario.Articles;
import dev.loomlab.core.pinning.NativeFrame;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.suite.Suite;
import dev.loomlab.core.suite.Suites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loomlab list [scenarios|models|suites] [--markdown]}: what exists, with each scenario's parameters and defaults,
 * and the plugins that could not be loaded, with why.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List scenarios (with parameters), models and suites.")
final class ListCommand implements Callable<Integer> {
    private static final List<String> WHATS = List.of("scenarios", "models", "suites");

    @Parameters(arity = "0..1", paramLabel = "WHAT", description = "scenarios, models or suites (default: all)")
    String what;

    @Option(names = "--markdown", description = "print Markdown tables (as docs/scenarios.md keeps them) instead of the plain list")
    boolean markdown;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        ScenarioCatalog scenarios = ScenarioCatalog.load();
        ModelCatalog models = ModelCatalog.load();
        Articles articles = Articles.load();
        // the other plugin services, so that a broken provider of theirs shows here too
        Plugins.load(NativeFrame.class);
        if (what != null && !WHATS.contains(what)) {
            throw new BadInputException("list what? '" + what + "' (scenarios, models or suites)");
        }
        if (markdown) {
            markdown(out, scenarios, models);
        } else {
            plain(out, scenarios, models, articles);
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

    private void plain(PrintStream out, ScenarioCatalog scenarios, ModelCatalog models, Articles articles) {
        if (what == null || what.equals("scenarios")) {
            out.println("Scenarios:");
            for (Scenario scenario : scenarios.all()) {
                ScenarioDescription s = scenario.description();
                out.printf("  %-12s %s%n", s.name(), s.summary());
                for (ArticleRef ref : s.articles()) {
                    out.printf("  %-12s reproduces [%s] %s — %s%n", "", ref.article(), articles.find(ref.article())
                            .map(Article::title).orElse("(unknown article)"), ref.experiment());
                }
                out.printf("  %-12s default models: %s; score: %s%n", "", String.join(", ", s.defaultModels()), s.score().name());
                for (ParamSpec p : s.params()) {
                    out.printf("  %-12s   -p %s=%s  (%s, %s)%n", "", p.name(), p.defaultValue(), CatalogueText.type(p),
                            p.description());
                }
                if (!s.defaultSweep().isEmpty()) {
                    out.printf("  %-12s default sweep: %s%n", "", CatalogueText.sweep(s));
                }
                out.println();
            }
        }
        if (what == null || what.equals("models")) {
            out.println("Models (N = a size; platform:cores = as many as available processors), with the forms each runs:");
            for (ModelKind k : models.kinds()) {
                out.printf("  %-22s %s%n  %-22s   %s threads; forms: %s%n", CatalogueText.modelName(k), k.description(), "",
                        k.threads().header(), CatalogueText.forms(models, k));
            }
            out.println();
        }
        if (what == null || what.equals("suites")) {
            out.println("Suites:");
            for (Suite suite : Suites.load(scenarios.all()).all()) {
                String rounds = CatalogueText.rounds(suite.rounds());
                out.printf("  %-8s %s (%d runs)%s%n", suite.id(), suite.description(), suite.runs().size(),
                        rounds.isEmpty() ? "" : ", each" + rounds + " unless it says");
                for (ScenarioRun r : suite.runs()) {
                    out.printf("  %-8s   %s%n", "", CatalogueText.run(r, scenarios.get(r.scenario()).description()));
                }
            }
        }
    }

    /** The same catalogue as Markdown tables ({@link ScenarioTables}); with no WHAT, each under a heading. */
    private void markdown(PrintStream out, ScenarioCatalog scenarios, ModelCatalog models) {
        if (what != null) {
            out.print(table(what, scenarios, models));
            return;
        }
        for (String each : WHATS) {
            out.printf("## %s%n%n%s%n", Character.toUpperCase(each.charAt(0)) + each.substring(1), table(each, scenarios, models));
        }
    }

    private static String table(String what, ScenarioCatalog scenarios, ModelCatalog models) {
        return switch (what) {
            case "scenarios" -> ScenarioTables.scenarios(scenarios.all().stream().map(Scenario::description).toList());
            case "models" -> ScenarioTables.models(models, models.kinds());
            default -> ScenarioTables.suites(Suites.load(scenarios.all()).all(), scenarios);
        };
    }
}
