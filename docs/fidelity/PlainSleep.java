import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

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
        double[] measured = new double[3];
        for (int round = -1; round < 3; round++) {
            long start = System.nanoTime();
            try (ExecutorService executor = model.equals("virtual") ? Executors.newVirtualThreadPerTaskExecutor()
                    : Executors.newFixedThreadPool(Integer.parseInt(model.substring("platform:".length())))) {
                for (int i = 0; i < tasks; i++) {
                    executor.execute(() -> {
                        try {
                            Thread.sleep(sleep);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                }
            }
            double ms = (System.nanoTime() - start) / 1e6;
            if (round >= 0) {
                measured[round] = ms;
            }
        }
        Arrays.sort(measured);
        System.out.printf("plain sleep %s tasks=%d sleep=%s: median %.1f ms (min %.1f, max %.1f)%n",
                model, tasks, sleep, measured[1], measured[0], measured[2]);
    }
}
