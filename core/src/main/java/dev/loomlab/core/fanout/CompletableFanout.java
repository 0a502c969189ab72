package dev.loomlab.core.fanout;

import dev.loomlab.core.model.TaskClock;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Callable;

/**
 * {@code completable:N}: the pre-Loom way — every call a {@code supplyAsync} on a fixed pool of N
 * platform threads, composed with {@code thenCompose} and {@code allOf}, nothing blocking but the calls
 * themselves. The pool bounds how many calls are in flight.
 */
final class CompletableFanout implements FanoutModel {
    private final int size;

    CompletableFanout(int size) {
        this.size = size;
    }

    @Override
    public void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) throws InterruptedException {
        try (ExecutorService pool = Executors.newFixedThreadPool(size)) {
            AsyncBuilds.buildAll(built, clock, id -> build(service, pool, id));
        }
    }

    static CompletableFuture<UserProfile> build(UserService service, ExecutorService pool, int id) {
        return call(() -> service.fetchUser(id), pool).thenCompose(user -> {
            CompletableFuture<List<Order>> orders = call(() -> service.fetchOrders(user.id()), pool);
            CompletableFuture<Preferences> prefs = call(() -> service.fetchPreferences(user.id()), pool);
            CompletableFuture<List<Notification>> notifs = call(() -> service.fetchNotifications(user.id()), pool);
            return CompletableFuture.allOf(orders, prefs, notifs)
                    .thenApply(all -> new UserProfile(user, orders.join(), prefs.join(), notifs.join()));
        });
    }

    private static <T> CompletableFuture<T> call(Callable<T> body, ExecutorService pool) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return body.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, pool);
    }
}
