package dev.loomlab.core.fanout;

import java.util.SplittableRandom;

/**
 * How many fan-out profiles meet an injected failure, counted from the failure rule alone and not by
 * {@link SimulatedUserService}: call {@code k} (0 user, 1 orders, 2 preferences, 3 notifications) of
 * user {@code id} fails when SplitMix64's finaliser of {@code 4 × id + k}, as a double from its top 53
 * bits, is below the rate. The JDK's {@link SplittableRandom} draws exactly that number as the first
 * {@code nextDouble()} of a generator seeded with {@code 4 × id + k − γ} (it adds its gamma γ, then
 * finalises), so the count here rests on the JDK's generator, not on loomlab's code.
 */
public final class InjectedFailures {
    /** SplittableRandom's default gamma, added to the seed before each value. */
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private static final int CALLS_PER_PROFILE = 4;

    private InjectedFailures() {
    }

    /** Of profiles 1 … {@code profiles}, how many have at least one call that fails at {@code rate} (0 … 1). */
    public static int failingProfiles(int profiles, double rate) {
        int failing = 0;
        for (int id = 1; id <= profiles; id++) {
            for (int call = 0; call < CALLS_PER_PROFILE; call++) {
                if (new SplittableRandom(CALLS_PER_PROFILE * (long) id + call - GOLDEN_GAMMA).nextDouble() < rate) {
                    failing++;
                    break;
                }
            }
        }
        return failing;
    }
}
