package dev.loomlab.core.fanout;

import dev.loomlab.core.model.TaskClock;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Article 001's Java code: a profile builder that {@code submit}s the three inner calls to its own
 * executor and {@code get}s them, driven by a runner that submits every build to another; on
 * virtual-thread executors this is the {@code virtual} model.
 */
final class ExecutorFanout implements FanoutModel {
    private final Supplier<ExecutorService> executors;

    /** @param executors makes the runner's and the builder's executors */
    ExecutorFanout(Supplier<ExecutorService> executors) {
        this.executors = executors;
    }

    @Override
    public void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) {
        // Declared builder first so that it closes last: builds still submit inner calls until the runner is done.
        try (ExecutorService builder = executors.get(); ExecutorService runner = executors.get()) {
            for (int i = 0; i < clock.tasks(); i++) {
                int index = i;
                clock.submitted(index);
                runner.execute(() -> clock.run(index, ignored -> built[index] = build(service, builder, index + 1)));
            }
        }
    }

    /** The article's {@code UserProfileBuilderImpl.buildUserProfile}. */
    static UserProfile build(UserService service, ExecutorService executor, int id) throws Exception {
        User user = service.fetchUser(id);
        Future<List<Order>> orders = executor.submit(() -> service.fetchOrders(user.id()));
        Future<Preferences> prefs = executor.submit(() -> service.fetchPreferences(user.id()));
        Future<List<Notification>> notifs = executor.submit(() -> service.fetchNotifications(user.id()));
        return new UserProfile(user, orders.get(), prefs.get(), notifs.get());
    }
}
