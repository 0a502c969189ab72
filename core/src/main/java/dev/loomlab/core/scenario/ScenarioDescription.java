package dev.loomlab.core.scenario;

import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Everything about a scenario but its workload, built once: what it measures, which article it
 * reproduces, its parameters, the models it compares by default, its bound, the metrics its results carry
 * and the one that is its score, what its trials need, and what each result asks of the machine.
 *
 * @param defaultSweep  parameter texts a plain {@code loomlab run SCENARIO} uses in place of single
 *                      defaults (e.g. every lock kind); each {@code -p} overrides its own
 * @param trialJvmArgs  flags its trial JVMs need, before the user's {@code --jvm-args}
 * @param rounds        round counts it needs when it differs from the defaults (e.g. more warm-up)
 * @param score         the metric that is each result's score, e.g. {@code wall_ms}; one of {@code metrics}
 * @param metrics       the keys of every metric its results may carry (some only with a flag or on some models)
 * @param machineNeeds  what one result asks of the machine, from its parameter values and model ({@link #needs})
 * @param trialCpus     the {@link dev.loomlab.core.param.ParamType#CPUS} parameter naming the CPUs its trial JVMs are
 *                      started on (web's load generator runs in its trial JVM); null when none does
 */
public record ScenarioDescription(String name, String summary, List<ArticleRef> articles, List<ParamSpec> params,
                                  List<String> defaultModels, Map<String, String> defaultSweep,
                                  List<String> trialJvmArgs, Rounds rounds, Bound bound, MetricKey score, List<MetricKey> metrics,
                                  Set<Trait> traits, BiFunction<ParamValues, Model, MachineNeeds> machineNeeds, String trialCpus) {

    public ScenarioDescription {
        articles = List.copyOf(articles);
        params = List.copyOf(params);
        defaultModels = List.copyOf(defaultModels);
        defaultSweep = Map.copyOf(defaultSweep);
        trialJvmArgs = List.copyOf(trialJvmArgs);
        metrics = List.copyOf(metrics);
        if (!metrics.contains(score)) {
            throw new IllegalArgumentException("scenario " + name + " scores by " + score + ", which it does not declare");
        }
        traits = traits.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(traits));
    }

    public boolean has(Trait trait) {
        return traits.contains(trait);
    }

    /** What one result of this scenario, run with {@code params} on {@code model}, asks of the machine. */
    public MachineNeeds needs(ParamValues params, Model model) {
        return machineNeeds.apply(params, model);
    }

    /** The CPUs a trial JVM of a result with {@code params} is started on; empty when not pinned. */
    public Optional<CpuList> trialCpus(ParamValues params) {
        return trialCpus == null ? Optional.empty() : params.cpus(trialCpus);
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
        private MetricKey score = Metric.WALL_MS;
        private final Set<MetricKey> metrics = new LinkedHashSet<>();
        private boolean probes = true;
        private final Set<Trait> traits = EnumSet.noneOf(Trait.class);
        private BiFunction<ParamValues, Model, MachineNeeds> needs = (p, model) -> MachineNeeds.NONE;
        private String trialCpus;

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

        /** The metric that is each result's score; {@code wall_ms} unless said. Declares it too. */
        public Builder score(MetricKey metric) {
            this.score = metric;
            return this;
        }

        /**
         * Metrics of its own its results carry, beside the standard probes' ({@link Metric#STANDARD}) and those
         * its traits bring ({@link Trait#RECORDS_PINNING}: pinning's).
         */
        public Builder metrics(List<MetricKey> keys) {
            metrics.addAll(keys);
            return this;
        }

        public Builder metrics(MetricKey... keys) {
            return metrics(List.of(keys));
        }

        /** For a scenario that measures no tasks (memory, the JMH scenarios): no standard probe's metric but those it declares. */
        public Builder withoutProbes() {
            probes = false;
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

        /** The parameter whose CPUs its trial JVMs are started on, one of its {@link ParamSpec#cpus} parameters. */
        public Builder trialCpus(ParamSpec param) {
            this.trialCpus = param.name();
            return this;
        }

        public ScenarioDescription build() {
            if (summary == null) {
                throw new IllegalStateException("scenario " + name + " needs a summary");
            }
            Set<MetricKey> all = new LinkedHashSet<>(probes ? Metric.STANDARD : List.of());
            all.addAll(metrics);
            if (traits.contains(Trait.RECORDS_PINNING)) {
                all.addAll(Metric.PINNING);
            }
            if (probes && !traits.contains(Trait.SERVES_ELSEWHERE)) {
                all.addAll(Metric.SCHEDULER);
            }
            all.add(score);
            if (trialCpus != null && params.stream().noneMatch(p -> p.name().equals(trialCpus))) {
                throw new IllegalStateException("scenario " + name + " is pinned by " + trialCpus + ", not one of its parameters");
            }
            return new ScenarioDescription(name, summary, articles, params, models, sweep, jvmArgs, rounds, bound, score,
                    List.copyOf(all), traits, needs, trialCpus);
        }
    }
}
