/**
 * The cpu-sqrt experiment as a plain program, no loomlab: N tasks each summing √i for i = 1..n on a
 * fixed pool or on virtual threads, 1 warm-up + 3 measured iterations, the median printed.
 * Usage: java PlainCpuSqrt.java <platform:N|virtual> <tasks> <n>
 */
public class PlainCpuSqrt {
    static double sqrtSum(long n) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        String model = args[0];
        int tasks = Integer.parseInt(args[1]);
        long n = Long.parseLong(args[2]);
        double[] results = new double[tasks];
        double[] measured = PlainRounds.measure(model, executor -> {
            for (int i = 0; i < tasks; i++) {
                int index = i;
                executor.execute(() -> results[index] = sqrtSum(n));
            }
        });
        System.out.printf("plain cpu-sqrt %s tasks=%d n=%d: median %.1f ms (min %.1f, max %.1f) [check %.1f]%n",
                model, tasks, n, measured[1], measured[0], measured[2], results[tasks - 1]);
    }
}
