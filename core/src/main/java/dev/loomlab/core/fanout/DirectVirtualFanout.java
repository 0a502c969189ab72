package dev.loomlab.core.fanout;

import dev.loomlab.core.model.TaskClock;

import java.util.List;

/**
 * {@code virtual-direct}: each build is a virtual thread started directly; it fetches the user, starts
 * two virtual threads for orders and preferences, fetches the notifications itself, and joins the two.
 * No executor, no futures: one thread fewer per profile than the article's form, and nothing to
 * register or deregister.
 */
final class DirectVirtualFanout implements FanoutModel {

    @Override
    public void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) throws InterruptedException {
        Thread[] builds = new Thread[clock.tasks()];
        for (int i = 0; i < builds.length; i++) {
            int index = i;
            clock.submitted(index);
            builds[i] = Thread.startVirtualThread(() -> clock.run(index, ignored -> built[index] = build(service, index + 1)));
        }
        for (Thread t : builds) {
            t.join();
        }
    }

    static UserProfile build(UserService service, int id) throws Exception {
        User user = service.fetchUser(id);
        Call<List<Order>> orders = Call.start(() -> service.fetchOrders(user.id()));
        Call<Preferences> prefs = Call.start(() -> service.fetchPreferences(user.id()));
        List<Notification> notifications = service.fetchNotifications(user.id());
        return new UserProfile(user, orders.join(), prefs.join(), notifications);
    }

    /** One call on its own virtual thread; {@link #join} returns its value or rethrows its failure. */
    private static final class Call<T> implements Runnable {
        private final java.util.concurrent.Callable<T> body;
        private final Thread thread;
        private T value;
        private Exception failure;

        private Call(java.util.concurrent.Callable<T> body) {
            this.body = body;
            this.thread = Thread.ofVirtual().unstarted(this);
        }

        static <T> Call<T> start(java.util.concurrent.Callable<T> body) {
            Call<T> call = new Call<>(body);
            call.thread.start();
            return call;
        }

        @Override
        public void run() {
            try {
                value = body.call();
            } catch (Exception e) {
                failure = e;
            }
        }

        /** Thread.join gives happens-before, so value and failure are visible here. */
        T join() throws Exception {
            thread.join();
            if (failure != null) {
                throw failure;
            }
            return value;
        }
    }
}
