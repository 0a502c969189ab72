import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * What the plain programs share (JDK 22+ finds this file beside them): the executor a model names
 * ({@code platform:N}, a fixed pool of N, or {@code virtual}, a virtual thread per task), a new one per
 * iteration, and 1 warm-up + 3 measured iterations, each timed until its executor has closed.
 */
final class PlainRounds {
    private PlainRounds() {
    }

    /** The 3 measured iterations' wall times in ms, sorted: {@code [min, median, max]}. */
    static double[] measure(String model, Consumer<ExecutorService> iteration) {
        double[] measured = new double[3];
        for (int round = -1; round < 3; round++) {
            long start = System.nanoTime();
            try (ExecutorService executor = model.equals("virtual") ? Executors.newVirtualThreadPerTaskExecutor()
                    : Executors.newFixedThreadPool(Integer.parseInt(model.substring("platform:".length())))) {
                iteration.accept(executor);
            }
            double ms = (System.nanoTime() - start) / 1e6;
            if (round >= 0) {
                measured[round] = ms;
            }
        }
        Arrays.sort(measured);
        return measured;
    }
}
