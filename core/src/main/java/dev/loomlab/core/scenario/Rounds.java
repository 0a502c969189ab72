package dev.loomlab.core.scenario;

/**
 * Round counts a scenario or a suite entry sets; null where it leaves the choice to the next level
 * (the user's option, then the suite entry, then the scenario, then {@link dev.loomlab.core.Defaults}).
 */
public record Rounds(Integer forks, Integer warmup, Integer iterations) {
    public static final Rounds NONE = new Rounds(null, null, null);

    /** Each count of {@code this}, or of {@code fallback} where this has none. */
    public Rounds or(Rounds fallback) {
        return new Rounds(forks != null ? forks : fallback.forks, warmup != null ? warmup : fallback.warmup,
                iterations != null ? iterations : fallback.iterations);
    }
}
