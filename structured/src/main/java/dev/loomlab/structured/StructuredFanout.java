package dev.loomlab.structured;

import dev.loomlab.core.fanout.FanoutModel;
import dev.loomlab.core.fanout.Notification;
import dev.loomlab.core.fanout.Order;
import dev.loomlab.core.fanout.Preferences;
import dev.loomlab.core.fanout.User;
import dev.loomlab.core.fanout.SimulatedUserService;
import dev.loomlab.core.fanout.UserProfile;
import dev.loomlab.core.fanout.UserService;
import dev.loomlab.core.model.TaskClock;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.StructuredTaskScope;
import java.util.concurrent.StructuredTaskScope.Subtask;

/**
 * {@code structured}: article 001's StructuredTaskScope builder in JDK 25's form — fetch the user, then
 * fork the three calls into a scope ({@code StructuredTaskScope.open()}: all must succeed, the first
 * failure cancels the rest) and join — driven by the article's runner on a virtual-thread executor.
 */
final class StructuredFanout implements FanoutModel {

    @Override
    public void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) {
        try (ExecutorService runner = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < clock.tasks(); i++) {
                int index = i;
                clock.submitted(index);
                runner.execute(() -> clock.run(index, ignored -> built[index] = build(service, index + 1)));
            }
        }
    }

    static UserProfile build(UserService service, int id) throws Exception {
        User user = service.fetchUser(id);
        try (var scope = StructuredTaskScope.open()) {
            Subtask<List<Order>> orders = scope.fork(() -> service.fetchOrders(user.id()));
            Subtask<Preferences> prefs = scope.fork(() -> service.fetchPreferences(user.id()));
            Subtask<List<Notification>> notifs = scope.fork(() -> service.fetchNotifications(user.id()));
            scope.join();
            return new UserProfile(user, orders.get(), prefs.get(), notifs.get());
        }
    }
}
