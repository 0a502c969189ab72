import java.time.Duration;

/**
 * The sleep experiment as a plain program, no loomlab: N tasks of Thread.sleep on a fixed pool or on
 * virtual threads, 1 warm-up + 3 measured iterations, the median printed.
 * Usage: java PlainSleep.java <platform:N|virtual> <tasks> <sleep ms>
 */
public class PlainSleep {
    public static void main(String[] args) throws Exception {
        String model = args[0];
        int tasks = Integer.parseInt(args[1]);
        Duration sleep = Duration.ofMillis(Long.parseLong(args[2]));
        double[] measured = PlainRounds.measure(model, executor -> {
            for (int i = 0; i < tasks; i++) {
                executor.execute(() -> {
                    try {
                        Thread.sleep(sleep);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
        });
        System.out.printf("plain sleep %s tasks=%d sleep=%s: median %.1f ms (min %.1f, max %.1f)%n",
                model, tasks, sleep, measured[1], measured[0], measured[2]);
    }
}
