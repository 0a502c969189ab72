package dev.loomlab.core.fanout;

import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.Offer;
import dev.loomlab.core.workload.TaskWorkload;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Article 001's benchmark: build {@code profiles} user profiles at once, each one call then three in
 * parallel, on a model's own fan-out form ({@link FanoutModel#FORM}). A model without one is not applicable.
 * Failed profiles (injected call failures) are counted, as the article's runner logs and skips them;
 * validation checks that exactly the profiles meant to fail did, and every other one is complete.
 */
public final class FanoutWorkload implements TaskWorkload {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);
    public static final MetricKey PROFILES_BUILT = KEYS.add("profiles_built", Unit.COUNT, Direction.HIGHER_BETTER,
            "profiles built and validated in the iteration");
    public static final MetricKey PROFILES_FAILED = KEYS.add("profiles_failed", Unit.COUNT, Direction.LOWER_BETTER,
            "profiles not built because one of their calls failed (failure-rate)");
    public static final List<MetricKey> METRICS = KEYS.all();

    private final int profiles;
    private final SimulatedUserService service;
    private final UserProfile[] built;
    private final int expectedFailures;

    /** @param failureRate fraction of calls that throw, 0 … 1 */
    public FanoutWorkload(int profiles, Duration latency, double failureRate) {
        this.profiles = profiles;
        this.service = new SimulatedUserService(latency, failureRate);
        this.built = new UserProfile[profiles];
        this.expectedFailures = service.failingProfiles(profiles);
    }

    @Override
    public List<Offer<?>> offers() {
        return List.of(new Offer<>(FanoutModel.FORM, (fanout, clock) -> fanout.buildAll(service, built, clock)));
    }

    @Override
    public int tasks() {
        return profiles;
    }

    @Override
    public void prepare() {
        Arrays.fill(built, null);
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        int done = clock.completedCount();
        if (done != profiles) {
            throw new ValidationException(done + " of " + profiles + " profile builds finished");
        }
        if (clock.failures() != expectedFailures) {
            throw new ValidationException(clock.failures() + " profiles failed, but the injected failures touch "
                    + expectedFailures + (clock.firstFailure() == null ? "" : "; first: " + clock.firstFailure()));
        }
        for (int i = 0; i < profiles; i++) {
            int id = i + 1;
            boolean fails = service.profileFails(id);
            if (fails && built[i] != null) {
                throw new ValidationException("profile " + id + " was built although one of its calls failed");
            }
            if (!fails && !UserProfile.expected(id).equals(built[i])) {
                throw new ValidationException("profile " + id + " is " + built[i] + ", expected " + UserProfile.expected(id));
            }
        }
    }

    /** {@code profiles_built} and {@code profiles_failed}: built + failed = profiles after validation. */
    @Override
    public Map<String, Double> collect(TaskClock clock) {
        return Map.of(PROFILES_BUILT.name(), (double) (profiles - clock.failures()), PROFILES_FAILED.name(),
                (double) clock.failures());
    }
}
