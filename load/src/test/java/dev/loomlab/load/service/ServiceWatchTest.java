package dev.loomlab.load.service;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A load run's watch: it reads the service at the measured span's start and at most once a second after, on a thread of
 * its own; gauges are the median of the readings after the first, counters the rate between the first and the last.
 */
class ServiceWatchTest {
    /** A service whose figures the test knows: 20% of the time in pauses, 1.5 of its 2 cores busy, its k-th read k threads busy. */
    private static final class Scripted implements SaturationSource {
        final List<Long> reads = new ArrayList<>();
        final long origin = System.nanoTime();

        @Override
        public synchronized Saturation read() {
            long now = System.nanoTime();
            reads.add(now);
            double elapsed = (now - origin) / 1e9;
            double n = Double.NaN;
            return new Saturation(now, reads.size(), 10, n, n, n, n, 1.5 * elapsed, 2, n, 0.2 * elapsed);
        }

        @Override
        public String describe() {
            return "scripted";
        }
    }

    @Test
    void theServiceIsReadAtMostOnceASecondAndItsFiguresSummarizeTheSpan() {
        Scripted source = new Scripted();
        ServiceWatch watch = ServiceWatch.start(new Service(source, null), Duration.ofMillis(200), Duration.ofMillis(2_500));
        sleep(3_000);
        RunReadings r = watch.stop();

        assertThat(source.reads).hasSize(3);
        for (int i = 1; i < source.reads.size(); i++) {
            assertThat(source.reads.get(i) - source.reads.get(i - 1)).isGreaterThanOrEqualTo(ServiceWatch.PERIOD.toNanos());
        }
        ServiceFigures f = r.service();
        assertThat(f.source()).isEqualTo("scripted");
        assertThat(f.samples()).isEqualTo(3);
        // the median of the second and third readings; the first, at the span's start, left out
        assertThat(f.threadsBusy()).isEqualTo(2.5);
        assertThat(f.threadsMax()).isEqualTo(10.0);
        assertThat(f.cpuPct()).isCloseTo(75.0, within(0.5));
        assertThat(f.cores()).isEqualTo(2);
        assertThat(f.gcPausePct()).isCloseTo(20.0, within(0.5));
        assertThat(f.poolActive()).isNull();
        assertThat(r.generatorCpuPct()).isNotNull().isBetween(0.0, 100.0 + 1e-9);
        assertThat(r.generatorCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void aProcessOnThisMachineGivesTheCpuShareOfTheCoresItMayUse() {
        ServiceProcess self = ServiceProcess.of(ProcessHandle.current().pid());
        ServiceWatch watch = ServiceWatch.start(new Service(null, self), Duration.ZERO, Duration.ofMillis(1_200));
        long until = System.nanoTime() + Duration.ofMillis(1_300).toNanos();
        long spins = 0;
        while (System.nanoTime() < until) {
            spins++;
        }
        RunReadings r = watch.stop();
        assertThat(spins).isPositive();
        assertThat(r.service().cores()).isEqualTo(self.cores());
        // a thread spinning for the whole span: some CPU, however busy the machine; its cores at least that busy (to the
        // 10 ms ticks both are counted in)
        assertThat(r.service().cpuPct()).isPositive().isLessThanOrEqualTo(100.0);
        assertThat(r.service().coresBusyPct()).isGreaterThanOrEqualTo(r.service().cpuPct() - 2).isLessThanOrEqualTo(100.0);
        assertThat(r.service().samples()).isZero();
    }

    /** A service in the generator's own JVM spends its CPU too: none of that is called the generator's. */
    @Test
    void aServiceInThisJvmLeavesTheGeneratorsCpuUnread() {
        ServiceWatch shared = ServiceWatch.start(new Service(null, null, true), Duration.ZERO, Duration.ofMillis(200));
        ServiceWatch apart = ServiceWatch.start(Service.NONE, Duration.ZERO, Duration.ofMillis(200));
        sleep(400);
        assertThat(shared.stop().generatorCpuPct()).isNull();
        assertThat(apart.stop().generatorCpuPct()).isNotNull();
    }

    @Test
    void aRunThatEndsBeforeItsSpanBeginsReadsNothing() {
        Scripted source = new Scripted();
        RunReadings r = ServiceWatch.start(new Service(source, null), Duration.ofSeconds(30), Duration.ofSeconds(1)).stop();
        assertThat(r).isEqualTo(RunReadings.NONE);
        assertThat(source.reads).isEmpty();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
