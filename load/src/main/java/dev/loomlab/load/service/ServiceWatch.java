package dev.loomlab.load.service;

import dev.loomlab.core.probe.HelperThreads;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;

/**
 * Reads, over one load run's measured span, what the load's own report does not hold: this JVM's CPU (the generator's)
 * and what {@link Service} tells of the service, with how busy its cores were ({@link CpuTimes}). It runs on a daemon thread of its own, started just before the run:
 * it waits out the warm-up, reads both CPUs and the service's saturation at the span's start, the saturation once a
 * second after that, and both CPUs at the span's end. The generator's timed loop never waits on it. The span is
 * reckoned from {@link #start}, which the generator's own start follows within milliseconds. The generator's CPU is
 * not read when the service runs in this JVM.
 */
public final class ServiceWatch {
    /** The most often the service's saturation is read. */
    public static final Duration PERIOD = Duration.ofSeconds(1);

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final Service service;
    private final long spanStart;
    private final long spanEnd;
    private final int generatorCores = Runtime.getRuntime().availableProcessors();
    private final List<Saturation> readings = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopping;
    /** The last reading of the service's saturation; null before the span's first. */
    private volatile Saturation latest;
    // Written by the watch's thread, read by stop() after joining it.
    private long started = -1;
    private long ended = -1;
    private long generatorCpu0 = -1;
    private long generatorCpu1 = -1;
    private long serviceCpu0 = -1;
    private long serviceCpu1 = -1;
    private CpuTimes.Reading cores0 = CpuTimes.Reading.NONE;
    private CpuTimes.Reading cores1 = CpuTimes.Reading.NONE;

    private ServiceWatch(Service service, Duration warmup, Duration span) {
        this.service = service;
        this.spanStart = System.nanoTime() + warmup.toNanos();
        this.spanEnd = spanStart + span.toNanos();
        this.thread = HelperThreads.start("loomlab-service-watch", this::watch);
    }

    /** Starts watching a run that warms up for {@code warmup}, then measures for {@code span}, from now. */
    public static ServiceWatch start(Service service, Duration warmup, Duration span) {
        return new ServiceWatch(service, warmup, span);
    }

    private void watch() {
        if (!sleepUntil(spanStart)) {
            return;
        }
        synchronized (this) {
            started = System.nanoTime();
            generatorCpu0 = OS.getProcessCpuTime();
            serviceCpu0 = service.process() == null ? -1 : service.process().cpuNanos();
            cores0 = service.process() == null ? CpuTimes.Reading.NONE : CpuTimes.of(service.process().cpus());
        }
        if (service.saturation() != null) {
            // each read a period after the last one began, never sooner
            for (long next = started; next <= spanEnd && sleepUntil(next); ) {
                long at = System.nanoTime();
                Saturation s = service.saturation().read();
                latest = s;
                synchronized (this) {
                    readings.add(s);
                }
                next = at + PERIOD.toNanos();
            }
        }
        sleepUntil(spanEnd);
        synchronized (this) {
            end();
        }
    }

    /** Reads both CPUs and the service's cores at the span's end. */
    private void end() {
        ended = System.nanoTime();
        generatorCpu1 = OS.getProcessCpuTime();
        serviceCpu1 = service.process() == null ? -1 : service.process().cpuNanos();
        cores1 = service.process() == null ? CpuTimes.Reading.NONE : CpuTimes.of(service.process().cpus());
    }

    /**
     * The service's saturation as last read, for whoever shows it second by second (a run's timeline) without reading
     * the service a second time; null before the measured span's first reading.
     */
    public Saturation latest() {
        return latest;
    }

    /** Parks until {@code deadline}; false when stopped before it. */
    private boolean sleepUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0 && !stopping; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
        return !stopping;
    }

    /**
     * Stops watching (the run has ended) and returns what was read: nothing when the run ended before its span began; a
     * span cut short ends now.
     */
    public RunReadings stop() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2) + PrometheusSaturation.READ_LIMIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (started < 0) {
                return RunReadings.NONE;
            }
            if (ended < 0) {
                end();
            }
            long wall = ended - started;
            // A service in this JVM spends this JVM's CPU too: none of it can be called the generator's.
            Double generator = wall <= 0 || generatorCpu0 < 0 || generatorCpu1 < 0 || service.inThisJvm() ? null
                    : 100.0 * (generatorCpu1 - generatorCpu0) / ((double) wall * generatorCores);
            return new RunReadings(generator, generatorCores, figures(wall));
        }
    }

    /** The service's figures over the span of {@code wall} ns; null when nothing was read of it. */
    private ServiceFigures figures(long wall) {
        List<Saturation> told = readings.stream().filter(Saturation::toldAnything).toList();
        // The first reading is at the span's start: a gauge then may still show the warm-up, or nothing when there was none.
        List<Saturation> gauges = told.size() >= 2 ? told.subList(1, told.size()) : told;
        Double cpu = null;
        Integer cores = null;
        if (service.process() != null && serviceCpu0 >= 0 && serviceCpu1 >= 0 && wall > 0) {
            cores = service.process().cores();
            cpu = 100.0 * (serviceCpu1 - serviceCpu0) / ((double) wall * cores);
        } else if (!told.isEmpty()) {
            double n = median(told, Saturation::cores);
            double ratio = rate(told, Saturation::cpuSeconds);
            ratio = Double.isNaN(ratio) ? Double.NaN : ratio / (Double.isNaN(n) ? Runtime.getRuntime().availableProcessors() : n);
            if (Double.isNaN(ratio)) {
                ratio = mean(gauges, Saturation::cpuRatio);
            }
            cpu = Double.isNaN(ratio) ? null : 100 * ratio;
            cores = cpu == null || Double.isNaN(n) ? null : (int) Math.round(n);
        }
        if (told.isEmpty() && cpu == null) {
            return null;
        }
        double gc = rate(told, Saturation::gcPauseSeconds);
        if (Double.isNaN(gc)) {
            gc = mean(gauges, Saturation::gcPauseRatio);
        }
        double busy = cores1.busySince(cores0);
        return new ServiceFigures(service.describe(), told.size(), orNull(median(gauges, Saturation::threadsBusy)),
                orNull(largest(told, Saturation::threadsMax)), orNull(median(gauges, Saturation::poolActive)),
                orNull(median(gauges, Saturation::poolPending)), orNull(largest(told, Saturation::poolMax)), cpu, cores,
                Double.isNaN(busy) || cpu == null ? null : 100 * busy, Double.isNaN(gc) ? null : 100 * gc,
                orNull(median(gauges, Saturation::vtQueued)), orNull(largest(gauges, Saturation::timerLateMs)));
    }

    /** A counter's growth per second of wall time between its first and last reading; NaN with fewer than two. */
    private static double rate(List<Saturation> told, ToDoubleFunction<Saturation> counter) {
        List<Saturation> with = told.stream().filter(s -> !Double.isNaN(counter.applyAsDouble(s))).toList();
        if (with.size() < 2) {
            return Double.NaN;
        }
        Saturation first = with.getFirst();
        Saturation last = with.getLast();
        double seconds = (last.nanos() - first.nanos()) / 1e9;
        double grown = counter.applyAsDouble(last) - counter.applyAsDouble(first);
        // A counter that fell was reset (a restarted service): no rate over that interval.
        return seconds <= 0 || grown < 0 ? Double.NaN : grown / seconds;
    }

    private static double median(List<Saturation> readings, ToDoubleFunction<Saturation> gauge) {
        double[] v = values(readings, gauge);
        if (v.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double mean(List<Saturation> readings, ToDoubleFunction<Saturation> gauge) {
        double[] v = values(readings, gauge);
        return v.length == 0 ? Double.NaN : Arrays.stream(v).average().orElseThrow();
    }

    private static double largest(List<Saturation> readings, ToDoubleFunction<Saturation> gauge) {
        double[] v = values(readings, gauge);
        return v.length == 0 ? Double.NaN : Arrays.stream(v).max().orElseThrow();
    }

    private static double[] values(List<Saturation> readings, ToDoubleFunction<Saturation> gauge) {
        return readings.stream().mapToDouble(gauge).filter(d -> !Double.isNaN(d)).toArray();
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
