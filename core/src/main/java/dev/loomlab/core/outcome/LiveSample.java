package dev.loomlab.core.outcome;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a trial JVM streams to the loomlab process about itself while a run is watched live
 * ({@code --metrics-port}): one protocol line each, after {@code #loomlab-live }. Durations are in
 * seconds, memory in bytes.
 */
public sealed interface LiveSample {

    /** The text after the prefix: a kind word, then numbers separated by spaces. */
    String line();

    /**
     * Tasks finished so far in one iteration of the trial.
     *
     * @param iteration the trial's iteration, counted from 1 over warm-up and measured iterations
     * @param completed tasks of that iteration finished so far (failed ones included)
     * @param failed    tasks of that iteration that failed so far
     */
    record Tasks(int iteration, long completed, long failed) implements LiveSample {
        @Override
        public String line() {
            return "tasks " + iteration + " " + completed + " " + failed;
        }
    }

    /**
     * The trial JVM now.
     *
     * @param threads        live platform threads
     * @param carriers       carrier threads of the virtual-thread scheduler
     * @param heapUsedBytes  heap in use
     * @param cpuSeconds     the process's CPU time since it started, NaN where the JVM does not tell
     * @param gcPauseSeconds time in stop-the-world collections since it started
     * @param gcPauses       stop-the-world collections since it started
     */
    record Jvm(int threads, int carriers, long heapUsedBytes, double cpuSeconds, double gcPauseSeconds, long gcPauses)
            implements LiveSample {
        @Override
        public String line() {
            return "jvm " + threads + " " + carriers + " " + heapUsedBytes + " " + number(cpuSeconds) + " "
                    + number(gcPauseSeconds) + " " + gcPauses;
        }
    }

    /**
     * A measured iteration's task latencies as histogram buckets, for a Prometheus histogram that adds
     * them up over the run.
     *
     * @param count      tasks timed
     * @param sumSeconds their latencies' sum, seconds
     * @param perBucket  tasks per bucket: those up to {@link #BOUNDS_SECONDS}[i] and above the bound before,
     *                   then those above the last bound ({@code +Inf}); one more entry than there are bounds
     */
    record LatencyBuckets(long count, double sumSeconds, long[] perBucket) implements LiveSample {
        /** The buckets' upper bounds, seconds: 1 ms to 10 s, as Prometheus's defaults reach. */
        public static final double[] BOUNDS_SECONDS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

        public LatencyBuckets {
            perBucket = perBucket.clone();
        }

        @Override
        public long[] perBucket() {
            return perBucket.clone();
        }

        @Override
        public String line() {
            StringBuilder sb = new StringBuilder("buckets ").append(count).append(' ').append(number(sumSeconds));
            for (long c : perBucket) {
                sb.append(' ').append(c);
            }
            return sb.toString();
        }

        static LatencyBuckets parse(String[] w) {
            if (w.length != 3 + BOUNDS_SECONDS.length + 1) {
                return null;
            }
            long[] per = new long[BOUNDS_SECONDS.length + 1];
            for (int i = 0; i < per.length; i++) {
                per[i] = Long.parseLong(w[3 + i]);
            }
            return new LatencyBuckets(Long.parseLong(w[1]), Double.parseDouble(w[2]), per);
        }
    }

    /** Latency percentiles of a sample, seconds: what {@link Latency} and {@link Http} both carry. */
    interface Percentiles {
        double p50();

        double p90();

        double p99();

        double p999();

        double max();
    }

    /** Task latency percentiles of the last measured iteration, seconds. */
    record Latency(long count, double p50, double p90, double p99, double p999, double max) implements LiveSample, Percentiles {
        @Override
        public String line() {
            return "latency " + count + " " + number(p50) + " " + number(p90) + " " + number(p99) + " " + number(p999)
                    + " " + number(max);
        }
    }

    /**
     * A load run's requests so far (those it counts: sent in its measured span) and the latency of the last
     * second's answers: the golden signals of the web scenario and {@code loomlab load}.
     *
     * @param run      which load run of the process, so that totals starting again from 0 are told apart
     * @param ok       requests answered ok so far
     * @param errors   failed requests so far by kind ({@code connect}, {@code timeout}, …), every kind listed
     * @param p50      latency percentiles of the answers of the last second, seconds; NaN without an answer
     */
    record Http(int run, long ok, Map<String, Long> errors, double p50, double p90, double p99, double p999, double max)
            implements LiveSample, Percentiles {
        public Http {
            errors = Collections.unmodifiableMap(new LinkedHashMap<>(errors));
        }

        @Override
        public String line() {
            StringBuilder sb = new StringBuilder("http " + run + " " + ok + " " + number(p50) + " " + number(p90) + " "
                    + number(p99) + " " + number(p999) + " " + number(max));
            errors.forEach((kind, n) -> sb.append(' ').append(kind).append('=').append(n));
            return sb.toString();
        }

        private static Http parse(String[] w) {
            if (w.length < 8) {
                return null;
            }
            Map<String, Long> errors = new LinkedHashMap<>();
            for (int i = 8; i < w.length; i++) {
                int eq = w[i].indexOf('=');
                if (eq < 1) {
                    return null;
                }
                errors.put(w[i].substring(0, eq), Long.parseLong(w[i].substring(eq + 1)));
            }
            return new Http(Integer.parseInt(w[1]), Long.parseLong(w[2]), errors, Double.parseDouble(w[3]),
                    Double.parseDouble(w[4]), Double.parseDouble(w[5]), Double.parseDouble(w[6]), Double.parseDouble(w[7]));
        }
    }

    /**
     * The server under load now (its saturation): CPU over the last sampling period as a share of all this
     * machine's cores (0..1), its OS threads, resident memory, and the established TCP connections to its
     * port. A figure that could not be read is NaN, or -1 for the counts.
     */
    record Server(double cpuRatio, long threads, long rssBytes, long openConnections) implements LiveSample {
        @Override
        public String line() {
            return "server " + number(cpuRatio) + " " + threads + " " + rssBytes + " " + openConnections;
        }
    }

    /** The sample a protocol line's text tells, or empty when it is not one. */
    static Optional<LiveSample> parse(String text) {
        String[] w = text.trim().split(" ");
        try {
            return Optional.ofNullable(switch (w[0]) {
                case "tasks" -> w.length == 4 ? new Tasks(Integer.parseInt(w[1]), Long.parseLong(w[2]), Long.parseLong(w[3])) : null;
                case "jvm" -> w.length == 7 ? new Jvm(Integer.parseInt(w[1]), Integer.parseInt(w[2]), Long.parseLong(w[3]),
                        Double.parseDouble(w[4]), Double.parseDouble(w[5]), Long.parseLong(w[6])) : null;
                case "latency" -> w.length == 7 ? new Latency(Long.parseLong(w[1]), Double.parseDouble(w[2]),
                        Double.parseDouble(w[3]), Double.parseDouble(w[4]), Double.parseDouble(w[5]), Double.parseDouble(w[6])) : null;
                case "buckets" -> LatencyBuckets.parse(w);
                case "http" -> Http.parse(w);
                case "server" -> w.length == 5 ? new Server(Double.parseDouble(w[1]), Long.parseLong(w[2]),
                        Long.parseLong(w[3]), Long.parseLong(w[4])) : null;
                default -> null;
            });
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "NaN" : String.format(Locale.ROOT, "%.9g", v);
    }
}
