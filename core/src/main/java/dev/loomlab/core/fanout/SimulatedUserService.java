package dev.loomlab.core.fanout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Article 001's mock service: every call sleeps {@code latency} and returns the article's data. A
 * fraction of calls fail, chosen by a hash of (user, call) so that which profiles fail is known in
 * advance and can be checked exactly. Counts finished calls, so a model can tell progress from a stall.
 */
public final class SimulatedUserService implements UserService {
    public static final int USER = 0;
    public static final int ORDERS = 1;
    public static final int PREFERENCES = 2;
    public static final int NOTIFICATIONS = 3;
    /** The article's data, the same for every user. */
    public static final List<Order> ORDERS_OF_ANY = List.of(new Order("O1", "Item A"), new Order("O2", "Item B"));
    public static final Preferences PREFERENCES_OF_ANY = new Preferences(true, "en-US");
    public static final List<Notification> NOTIFICATIONS_OF_ANY =
            List.of(new Notification("N1", "Welcome"), new Notification("N2", "Discount"));

    private final Duration latency;
    private final double failureRate;
    private final LongAdder callsDone = new LongAdder();

    /** @param failureRate fraction of calls that throw, 0 … 1 */
    public SimulatedUserService(Duration latency, double failureRate) {
        this.latency = latency;
        this.failureRate = failureRate;
    }

    @Override
    public User fetchUser(int id) throws InterruptedException {
        call(id, USER);
        return new User(id, "User-%d".formatted(id));
    }

    @Override
    public List<Order> fetchOrders(int id) throws InterruptedException {
        call(id, ORDERS);
        return ORDERS_OF_ANY;
    }

    @Override
    public Preferences fetchPreferences(int id) throws InterruptedException {
        call(id, PREFERENCES);
        return PREFERENCES_OF_ANY;
    }

    @Override
    public List<Notification> fetchNotifications(int id) throws InterruptedException {
        call(id, NOTIFICATIONS);
        return NOTIFICATIONS_OF_ANY;
    }

    private void call(int id, int call) throws InterruptedException {
        Thread.sleep(latency);
        finish(id, call);
    }

    /**
     * Ends call {@code call} for user {@code id} once its latency has passed — for models that wait
     * without blocking (a timer, {@code delay}) rather than in {@code Thread.sleep}. Counts the call and
     * throws the injected failure if it is one.
     */
    public void finish(int id, int call) {
        callsDone.increment();
        if (fails(id, call)) {
            throw new SimulatedCallFailure("call " + call + " for user " + id + " failed (injected)");
        }
    }

    /**
     * True when call {@code call} for user {@code id} is one of the injected failures: when SplitMix64's
     * finaliser of {@code 4 × id + call}, its top 53 bits taken as a fraction of 1, is below the failure rate.
     */
    public boolean fails(int id, int call) {
        if (failureRate <= 0) {
            return false;
        }
        long h = mix(id * 4L + call);
        return (h >>> 11) * 0x1.0p-53 < failureRate;
    }

    /** True when building profile {@code id} meets at least one injected failure. */
    public boolean profileFails(int id) {
        return fails(id, USER) || fails(id, ORDERS) || fails(id, PREFERENCES) || fails(id, NOTIFICATIONS);
    }

    /** How many of profiles 1 … {@code profiles} meet an injected failure: the failures a run must count. */
    public int failingProfiles(int profiles) {
        int failing = 0;
        for (int id = 1; id <= profiles; id++) {
            failing += profileFails(id) ? 1 : 0;
        }
        return failing;
    }

    /** Calls finished so far (failed ones included). */
    public long callsDone() {
        return callsDone.sum();
    }

    public Duration latency() {
        return latency;
    }

    /** SplitMix64's finaliser: a well-spread 64-bit hash. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** An injected failure of a simulated call. */
    public static final class SimulatedCallFailure extends RuntimeException {
        SimulatedCallFailure(String message) {
            super(message, null, false, false);
        }
    }
}
