package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.stats.Metric;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Everything about a scenario but its workload, built once: what it measures, which article it
 * reproduces, its parameters, the models it compares by default, its bound, the metric that is its
 * score, what its trials need, and what each result asks of the machine.
 *
 * @param defaultSweep  parameter texts a plain {@code loomlab run SCENARIO} uses in place of single
 *                      defaults (e.g. every lock kind); each {@code -p} overrides its own
 * @param trialJvmArgs  flags its trial JVMs need, before the user's {@code --jvm-args}
 * @param rounds        round counts it needs when it differs from the defaults (e.g. more warm-up)
 * @param score         the metric that is each result's score, e.g. {@code wall_ms}
 * @param machineNeeds  what one result asks of the machine, from its parameter values and model ({@link #needs})
 */
public record ScenarioDescription(String name, String summary, List<ArticleRef> articles, List<ParamSpec> params,
                                  List<String> defaultModels, Map<String, String> defaultSweep,
                                  List<String> trialJvmArgs, Rounds rounds, Bound bound, String score, Set<Trait> traits,
                                  BiFunction<ParamValues, Model, MachineNeeds> machineNeeds) {

    public ScenarioDescription {
        articles = List.copyOf(articles);
        params = List.copyOf(params);
        defaultModels = List.copyOf(defaultModels);
        defaultSweep = Map.copyOf(defaultSweep);
        trialJvmArgs = List.copyOf(trialJvmArgs);
        traits = traits.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(traits));
    }

    public boolean has(Trait trait) {
        return traits.contains(trait);
    }

    /** What one result of this scenario, run with {@code params} on {@code model}, asks of the machine. */
    public MachineNeeds needs(ParamValues params, Model model) {
        return machineNeeds.apply(params, model);
    }

    /** A description to build, named as the CLI spells the scenario. */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** Builds a {@link ScenarioDescription}; everything but the name and summary has a default. */
    public static final class Builder {
        private final String name;
        private String summary;
        private final List<ArticleRef> articles = new ArrayList<>();
        private final List<ParamSpec> params = new ArrayList<>();
        private final List<String> models = new ArrayList<>();
        private final Map<String, String> sweep = new LinkedHashMap<>();
        private final List<String> jvmArgs = new ArrayList<>();
        private Rounds rounds = Rounds.NONE;
        private Bound bound = Bound.NONE;
        private String score = Metric.WALL_MS;
        private final Set<Trait> traits = EnumSet.noneOf(Trait.class);
        private BiFunction<ParamValues, Model, MachineNeeds> needs = (p, model) -> MachineNeeds.NONE;

        private Builder(String name) {
            this.name = name;
        }

        /** One line: what it measures. */
        public Builder summary(String text) {
            this.summary = text;
            return this;
        }

        /** An article experiment it reproduces (repeat for several). */
        public Builder reproduces(String articleKey, String experiment) {
            articles.add(new ArticleRef(articleKey, experiment));
            return this;
        }

        public Builder params(ParamSpec... specs) {
            params.addAll(List.of(specs));
            return this;
        }

        public Builder params(List<ParamSpec> specs) {
            params.addAll(specs);
            return this;
        }

        /** The models compared when the user names none. */
        public Builder models(String... names) {
            models.addAll(List.of(names));
            return this;
        }

        public Builder sweep(String param, String values) {
            sweep.put(param, values);
            return this;
        }

        public Builder trialJvmArgs(String... args) {
            jvmArgs.addAll(List.of(args));
            return this;
        }

        public Builder rounds(Rounds rounds) {
            this.rounds = rounds;
            return this;
        }

        public Builder bound(Bound bound) {
            this.bound = bound;
            return this;
        }

        /** The metric that is each result's score; {@code wall_ms} unless said. */
        public Builder score(String metric) {
            this.score = metric;
            return this;
        }

        public Builder traits(Trait... more) {
            traits.addAll(List.of(more));
            return this;
        }

        /** What one result asks of the machine beyond an ordinary JVM's own; nothing unless said. */
        public Builder needs(BiFunction<ParamValues, Model, MachineNeeds> needs) {
            this.needs = needs;
            return this;
        }

        public ScenarioDescription build() {
            if (summary == null) {
                throw new IllegalStateException("scenario " + name + " needs a summary");
            }
            return new ScenarioDescription(name, summary, articles, params, models, sweep, jvmArgs, rounds, bound, score,
                    traits, needs);
        }
    }
}
