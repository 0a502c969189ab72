package dev.loomlab.load;


import java.io.IOException;
import java.util.function.Consumer;

/**
 * What runs a {@link LoadSpec}: loomlab's own generator ({@link #loomlab()}), or Apache JMeter in a JVM of its own
 * ({@code load.jmeter.JmeterEngine}), locally or on remote engines. {@code loomlab load}, the web scenario and any
 * other caller pick one and run through this interface, in two steps: {@link #prepare} checks that the load can
 * run as asked and readies it — a refusal is bad input, and nothing has been sent — then {@link Prepared#run}
 * runs it, handing the progress a second to the listener on the calling thread.
 */
public interface LoadEngine {
    /** {@code loomlab} or {@code jmeter}: the value of {@code --engine} and of the web scenario's {@code engine}. */
    String name();

    /**
     * Checks that {@code spec} can run on this engine and readies it.
     *
     * @throws dev.loomlab.core.BadInputException when it cannot (one line saying why); nothing was sent
     * @throws IOException                        when the engine cannot be started
     */
    Prepared prepare(LoadSpec spec) throws IOException, InterruptedException;

    /** Prepares and runs {@code spec} in one go. */
    default Run run(LoadSpec spec, Consumer<LoadProgress> progress, boolean latencies) throws IOException, InterruptedException {
        try (Prepared ready = prepare(spec)) {
            return ready.run(progress, latencies);
        }
    }

    /**
     * True when the engine sends from this JVM (loomlab's generator): it is then warmed before a load, and its own
     * ceiling on this machine bounds what it can send; false for an engine in a JVM of its own.
     */
    default boolean runsInThisJvm() {
        return false;
    }

    /**
     * True when the engine's open model holds at most {@link LoadSpec#connections} requests in flight (loomlab's
     * generator); false when it caps nothing (JMeter: a thread, and usually a connection, per arrival).
     */
    default boolean boundsConnections() {
        return false;
    }

    /**
     * True when a capacity search may judge its steps on this engine's open model: latency corrected for coordinated
     * omission and connections bounded (loomlab's generator); JMeter's is neither.
     */
    default boolean canSearch() {
        return false;
    }

    /**
     * What the line that announces a load of {@code spec} says of this engine, after the model, target and span:
     * e.g. {@code ", up to 10,000 connections"} or {@code ", engine JMeter 5.6.3 in a JVM of its own"}; empty when nothing.
     */
    String announce(LoadSpec spec);

    /**
     * What a result of {@code spec} records of this engine when the run broke off before it said more; null for an
     * engine results say nothing of (loomlab's own generator).
     */
    default LoadEngineInfo info(LoadSpec spec) {
        return null;
    }

    /** Where this engine's latencies start for {@code spec}, and whether they are corrected for coordinated omission. */
    String latencyNote(LoadSpec spec);

    /** A load ready to run; closing it without running it leaves nothing behind. */
    interface Prepared extends AutoCloseable {
        /**
         * Runs the load. With {@code latencies} each progress carries the latencies so far.
         *
         * @throws EngineFailure when the run broke off once started (the engine died, a remote engine went away)
         */
        Run run(Consumer<LoadProgress> progress, boolean latencies) throws InterruptedException;

        @Override
        void close();
    }

    /**
     * One run's outcome: the report, the engine that produced it as a result records it ({@code engine}; null for
     * loomlab's own generator, whose results say nothing of it), and the figures of an engine that ran in a process
     * of its own — {@code engine_cpu_pct} (its CPU time over the run, % of all cores), {@code engine_peak_rss_mb},
     * {@code engine_threads_peak} (OS threads) — empty for loomlab's generator, which runs in the measuring JVM.
     */
    record Run(LoadReport report, LoadEngineInfo engine, java.util.Map<String, Double> metrics) {
        public Run {
            metrics = metrics == null ? java.util.Map.of() : java.util.Map.copyOf(metrics);
        }

        public Run(LoadReport report, LoadEngineInfo engine) {
            this(report, engine, java.util.Map.of());
        }
    }

    /** loomlab's own generator ({@link LoadGenerator}). */
    static LoadEngine loomlab() {
        return LoomlabEngine.INSTANCE;
    }
}
