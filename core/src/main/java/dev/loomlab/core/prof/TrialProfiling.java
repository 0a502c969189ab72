package dev.loomlab.core.prof;

import java.util.List;
import java.util.Map;

/**
 * The {@code --prof} profilers of the trial this JVM runs, resumed just before each measured iteration's
 * timed span and paused just after it by whatever times the iteration; none (every call a no-op) unless
 * the trial opened them.
 */
public final class TrialProfiling {
    private static volatile IterationProfilers current = IterationProfilers.none();

    private TrialProfiling() {
    }

    /** Makes {@code profilers} the trial's. */
    public static void open(IterationProfilers profilers) {
        current = profilers;
    }

    public static void resume() {
        current.resume();
    }

    /** Pauses the profilers; the metrics some of them measure over the iteration ({@code gc}). */
    public static Map<String, Double> pause() {
        return current.pause();
    }

    /** Ends the profiles and writes them; what each left. */
    public static List<ProfileRecord> finish() {
        IterationProfilers ending = current;
        current = IterationProfilers.none();
        return ending.finish();
    }
}
