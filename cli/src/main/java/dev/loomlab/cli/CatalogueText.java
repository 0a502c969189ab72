package dev.loomlab.cli;

import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How {@code loomlab list} spells the catalogue's items — a model's name with its size, its forms, a
 * parameter's type, a default sweep, a suite entry's rounds — shared by the plain list and its Markdown
 * tables ({@link ScenarioTables}).
 */
final class CatalogueText {
    private CatalogueText() {
    }

    /** {@code virtual}, {@code platform:N} (a size required) or {@code coroutines[:N]} (a size allowed). */
    static String modelName(ModelKind k) {
        return switch (k.sizing()) {
            case NONE -> k.name();
            case REQUIRED -> k.name() + ":N";
            case OPTIONAL -> k.name() + "[:N]";
        };
    }

    /** The forms models of this kind run, e.g. {@code blocking, async}; {@code none} when they run none. */
    static String forms(ModelCatalog models, ModelKind k) {
        String forms = models.forms(k.name()).stream().map(Form::name).collect(Collectors.joining(", "));
        return forms.isEmpty() ? "none" : forms;
    }

    /** A parameter's type: {@code duration}, {@code one of a|b}, {@code decimal or max} … */
    static String type(ParamSpec p) {
        return p.choices().isEmpty() ? p.type().name().toLowerCase()
                : p.type() == ParamType.DECIMAL ? "decimal or " + String.join("|", p.choices())
                : "one of " + String.join("|", p.choices());
    }

    /**
     * The parameters a plain run sweeps, as options in the scenario's parameter order (the sweep's own map
     * has none): {@code -p lock=synchronized,reentrant}; empty when none.
     */
    static String sweep(ScenarioDescription s) {
        Map<String, String> sweep = s.defaultSweep();
        Stream<String> declared = s.params().stream().map(ParamSpec::name).filter(sweep::containsKey);
        Stream<String> others = sweep.keySet().stream()
                .filter(k -> s.params().stream().noneMatch(p -> p.name().equals(k))).sorted();
        return Stream.concat(declared, others).map(k -> "-p " + k + "=" + sweep.get(k)).collect(Collectors.joining(" "));
    }

    /** Round counts as options, each with a leading space: {@code " --forks 1 --iterations 5"}; empty when none. */
    static String rounds(Rounds r) {
        return (r.forks() == null ? "" : " --forks " + r.forks()) + (r.warmup() == null ? "" : " --warmup " + r.warmup())
                + (r.iterations() == null ? "" : " --iterations " + r.iterations());
    }

    /**
     * A suite entry's parameters as options, in the scenario's order, then any it does not declare (a user
     * task's own) by name: {@code -p tasks=1000 -p sleep=20ms}.
     */
    static String params(ScenarioRun r, ScenarioDescription s) {
        StringBuilder sb = new StringBuilder();
        for (ParamSpec p : s.params()) {
            if (r.params().containsKey(p.name())) {
                sb.append("-p ").append(p.name()).append('=').append(r.params().get(p.name())).append(' ');
            }
        }
        r.params().keySet().stream().filter(k -> s.params().stream().noneMatch(p -> p.name().equals(k))).sorted()
                .forEach(k -> sb.append("-p ").append(k).append('=').append(r.params().get(k)).append(' '));
        return sb.toString().trim();
    }

    /** A suite entry as a command line's words: {@code sleep -m virtual,platform:200 -p tasks=1000 --warmup 1}. */
    static String run(ScenarioRun r, ScenarioDescription s) {
        String params = params(r, s);
        return r.scenario() + " -m " + String.join(",", r.models()) + (params.isEmpty() ? "" : " " + params) + rounds(r.rounds());
    }
}
