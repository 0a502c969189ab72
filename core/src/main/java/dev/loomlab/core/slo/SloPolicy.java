package dev.loomlab.core.slo;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;

import java.util.Optional;

/**
 * Which objective a run judges each result against, as {@code --slo} chose: not given, a scenario whose
 * results are a service's golden signals ({@link Trait#GOLDEN_SIGNALS}: {@code web}, {@code load}) is judged
 * against {@link Slo#DEFAULT} and any other against none; {@code --slo SPEC} judges every result against
 * SPEC; {@code --slo none} judges none.
 *
 * @param given the objective {@code --slo} gave; null when not given or {@code none}
 * @param off   true for {@code --slo none}
 */
public record SloPolicy(Slo given, boolean off) {
    /** {@code --slo} not given. */
    public static final SloPolicy DEFAULT = new SloPolicy(null, false);
    /** What {@code --slo} takes to judge no result. */
    public static final String NONE = "none";

    /**
     * The policy {@code --slo text} asks for.
     *
     * @throws dev.loomlab.core.BadInputException when {@code text} is neither {@value #NONE} nor an objective
     */
    public static SloPolicy parse(String text) {
        return text.strip().equals(NONE) ? new SloPolicy(null, true) : new SloPolicy(Slo.parse(text), false);
    }

    /** The objective results of {@code scenario} are judged against, if any. */
    public Optional<Slo> forScenario(ScenarioDescription scenario) {
        if (off) {
            return Optional.empty();
        }
        if (given != null) {
            return Optional.of(given);
        }
        return scenario.has(Trait.GOLDEN_SIGNALS) ? Optional.of(Slo.DEFAULT) : Optional.empty();
    }

    /**
     * {@code r} with its {@link SloVerdict} when this policy judges {@code scenario}'s results and {@code r}
     * is ok; any other result unchanged (one that is not ok measured nothing to judge).
     */
    public Result judge(ScenarioDescription scenario, Result r) {
        if (!r.ok()) {
            return r;
        }
        return forScenario(scenario).map(slo -> r.toBuilder().section(SloVerdict.SECTION, slo.judge(r.metrics())).build()).orElse(r);
    }
}
