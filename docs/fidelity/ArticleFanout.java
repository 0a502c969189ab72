import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

/**
 * Article 001's Java benchmark as the article wrote it (virtual-thread executor builder and runner,
 * 500 ms calls), no loomlab: the reference the fan-out models are compared with.
 * Usage: java ArticleFanout.java <profiles> [latency ms]
 */
public class ArticleFanout {
    record User(int id, String name) {}
    record Order(String id, String item) {}
    record Preferences(Boolean darkMode, String language) {}
    record Notification(String id, String message) {}
    record UserProfile(User user, List<Order> orders, Preferences preferences, List<Notification> notifications) {}

    static long latency = 500;

    static void delay(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }

    static User fetchUser(int id) { delay(latency); return new User(id, "User-%d".formatted(id)); }
    static List<Order> fetchOrders(int id) { delay(latency); return List.of(new Order("O1", "Item A"), new Order("O2", "Item B")); }
    static Preferences fetchPreferences(int id) { delay(latency); return new Preferences(true, "en-US"); }
    static List<Notification> fetchNotifications(int id) {
        delay(latency);
        return List.of(new Notification("N1", "Welcome"), new Notification("N2", "Discount"));
    }

    static final ExecutorService builderExecutor = Executors.newVirtualThreadPerTaskExecutor();

    static UserProfile buildUserProfile(int id) throws Exception {
        var user = fetchUser(id);
        var orders = builderExecutor.submit(() -> fetchOrders(user.id()));
        var prefs = builderExecutor.submit(() -> fetchPreferences(user.id()));
        var notifs = builderExecutor.submit(() -> fetchNotifications(user.id()));
        return new UserProfile(user, orders.get(), prefs.get(), notifs.get());
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        if (args.length > 1) {
            latency = Long.parseLong(args[1]);
        }
        var executor = Executors.newVirtualThreadPerTaskExecutor();
        long start = System.nanoTime();
        List<Future<UserProfile>> futures = IntStream.rangeClosed(1, n).boxed()
                .map(id -> executor.submit(() -> {
                    try {
                        return buildUserProfile(id);
                    } catch (Exception ex) {
                        return null;
                    }
                }))
                .toList();
        List<UserProfile> results = futures.stream().map(f -> {
            try {
                return f.get();
            } catch (Exception e) {
                return null;
            }
        }).filter(Objects::nonNull).toList();
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("article fanout: %d profiles in %d ms%n", results.size(), ms);
        System.exit(0);
    }
}
