package dev.loomlab.prof;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.foreign.QsortNativeFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

class VirtualThreadViewTest {
    /** How long the other side keeps each wait going, ms. */
    private static final long WAIT_MS = 100;
    /**
     * The least a wait that the test held for {@link #WAIT_MS} is recorded at: a waiting thread shows its state a
     * moment before its wait (and JFR's clock) begins, so a descheduled waiter can start late; half leaves room.
     */
    private static final double LEAST_MS = WAIT_MS / 2.0;

    @TempDir
    Path dir;

    @Test
    void sleepingVirtualThreadsAreBlockedOnSleepAndStartAndEnd() throws Exception {
        int threads = 40;
        long sleepMs = 20;
        Path jfr = Recordings.record(dir, "sleep", () -> {
            // A platform thread sleeps alongside: its sleeps are not virtual threads' and must not count.
            Thread platform = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 5; i++) {
                    try {
                        Thread.sleep(sleepMs);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            try (var ex = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < threads; i++) {
                    ex.submit(() -> {
                        Thread.sleep(sleepMs);
                        return null;
                    });
                }
            }
            platform.join();
        });

        VirtualThreadView view = VirtualThreadView.read(jfr);

        assertThat(view.started()).isGreaterThanOrEqualTo(threads);
        assertThat(view.ended()).isGreaterThanOrEqualTo(threads);
        assertThat(view.blockedOn(BlockedOn.SLEEP).events()).isEqualTo(threads);
        assertThat(view.blockedOn(BlockedOn.SLEEP).timeMs()).isGreaterThanOrEqualTo(threads * sleepMs);
        assertThat(view.submitFailures()).isZero();
        // While every virtual thread sleeps the carriers have nothing to run, and park waiting for work.
        assertThat(view.carriers().idleParks()).isPositive();
        assertThat(view.carriers().idleMs()).isPositive();
        assertThat(view.recordingMs()).isGreaterThanOrEqualTo(sleepMs);
    }

    @Test
    void semaphoreWaitsOfPinnedVirtualThreadsArePoolAcquisitionAndPinned() throws Exception {
        // Each waiter parks pinned, holding its carrier: no more waiters than carriers, or one would never run.
        int waiters = Math.min(2, Runtime.getRuntime().availableProcessors());
        Semaphore pool = new Semaphore(0);
        Path jfr = Recordings.record(dir, "pool", () -> {
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < waiters; i++) {
                threads.add(Thread.ofVirtual().start(() -> inNativeFrame(pool::acquire)));
            }
            Recordings.await(() -> pool.getQueueLength() == waiters && threads.stream().allMatch(t -> t.getState() == Thread.State.WAITING),
                    "every waiter is parked");
            Thread.sleep(WAIT_MS);
            pool.release(waiters);
            for (Thread t : threads) {
                t.join();
            }
        });

        VirtualThreadView view = VirtualThreadView.read(jfr);

        VirtualThreadView.BlockedTime acquisition = view.blockedOn(BlockedOn.POOL);
        assertThat(acquisition.events()).isGreaterThanOrEqualTo(waiters);
        assertThat(acquisition.timeMs()).isGreaterThanOrEqualTo(waiters * LEAST_MS);
        assertThat(view.pools()).first().satisfies(p -> {
            assertThat(p.pool()).isEqualTo("Semaphore");
            assertThat(p.events()).isGreaterThanOrEqualTo(waiters);
        });
        assertThat(view.pinned().events()).isGreaterThanOrEqualTo(waiters);
        assertThat(view.pinned().timeMs()).isGreaterThanOrEqualTo(waiters * LEAST_MS);
        assertThat(view.pinned().longestMs()).isGreaterThanOrEqualTo(LEAST_MS);
        PinnedStack top = view.pinned().stacks().get(0);
        assertThat(top.frames()).anyMatch(f -> f.startsWith("java.util.concurrent.Semaphore.acquire"));
        assertThat(top.frames()).anyMatch(f -> f.startsWith("dev.loomlab.foreign.QsortNativeFrame.compare"));
    }

    @Test
    void otherPinnedParksAreParkOther() throws Exception {
        AtomicBoolean released = new AtomicBoolean();
        Path jfr = Recordings.record(dir, "park", () -> {
            Thread parked = Thread.ofVirtual().start(() -> inNativeFrame(() -> {
                while (!released.get()) {
                    LockSupport.park(released);
                }
            }));
            Recordings.await(() -> parked.getState() == Thread.State.WAITING, "the thread is parked");
            Thread.sleep(WAIT_MS);
            released.set(true);
            LockSupport.unpark(parked);
            parked.join();
        });

        VirtualThreadView view = VirtualThreadView.read(jfr);

        assertThat(view.blockedOn(BlockedOn.PARK).events()).isPositive();
        assertThat(view.blockedOn(BlockedOn.PARK).timeMs()).isGreaterThanOrEqualTo(LEAST_MS);
        assertThat(view.blockedOn(BlockedOn.POOL).events()).isZero();
    }

    @Test
    void pinnedMonitorEnterIsLockAndPinnedWaitIsObjectWait() throws Exception {
        Object monitor = new Object();
        Path jfr = Recordings.record(dir, "monitor", () -> {
            Thread entering;
            synchronized (monitor) {
                entering = Thread.ofVirtual().start(() -> inNativeFrame(() -> {
                    synchronized (monitor) {
                        monitor.wait();
                    }
                }));
                Recordings.await(() -> entering.getState() == Thread.State.BLOCKED, "the thread blocks on the monitor");
                Thread.sleep(WAIT_MS);
            }
            Recordings.await(() -> entering.getState() == Thread.State.WAITING, "the thread waits on the monitor");
            Thread.sleep(WAIT_MS);
            synchronized (monitor) {
                monitor.notifyAll();
            }
            entering.join();
        });

        VirtualThreadView view = VirtualThreadView.read(jfr);

        assertThat(view.blockedOn(BlockedOn.LOCK).events()).isPositive();
        assertThat(view.blockedOn(BlockedOn.LOCK).timeMs()).isGreaterThanOrEqualTo(LEAST_MS);
        assertThat(view.blockedOn(BlockedOn.OBJECT_WAIT).events()).isPositive();
        assertThat(view.blockedOn(BlockedOn.OBJECT_WAIT).timeMs()).isGreaterThanOrEqualTo(LEAST_MS);
    }

    @Test
    void aVirtualThreadWaitingForAnAnswerIsBlockedOnSocketRead() throws Exception {
        Path jfr = Recordings.record(dir, "socket", () -> {
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                Thread client = Thread.ofVirtual().start(() -> {
                    try (Socket s = new Socket(server.getInetAddress(), server.getLocalPort())) {
                        s.getOutputStream().write(1);
                        if (s.getInputStream().read() != 2) {
                            throw new IllegalStateException("the server did not answer 2");
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    assertThat(in.read()).isEqualTo(1);
                    // The client reads as soon as its byte is sent: the answer keeps it waiting.
                    Thread.sleep(WAIT_MS);
                    out.write(2);
                    out.flush();
                }
                client.join();
            }
        });

        VirtualThreadView view = VirtualThreadView.read(jfr);

        assertThat(view.blockedOn(BlockedOn.SOCKET_READ).events()).isPositive();
        assertThat(view.blockedOn(BlockedOn.SOCKET_READ).timeMs()).isGreaterThanOrEqualTo(LEAST_MS);
    }

    @Test
    void cpuBoundVirtualThreadsAreSampledMountedAndTheViewIsJson() throws Exception {
        int threads = 2;
        Path jfr = Recordings.record(dir, "cpu", () -> {
            try (var ex = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < threads; i++) {
                    ex.submit(() -> Recordings.spin(1200));
                }
            }
        });

        VirtualThreadView view = VirtualThreadView.read(jfr);

        assertThat(view.carriers().mountedSamples()).isPositive();
        // jdk.CPULoad comes every second; the recording lasts longer than one.
        assertThat(view.carriers().cpuReadings()).isPositive();
        assertThat(view.carriers().jvmCpuPct()).isBetween(0.0, 100.0);
        JsonNode json = new ObjectMapper().valueToTree(view);
        assertThat(json.fieldNames()).toIterable().containsExactly("recording_ms", "started", "ended", "pinned", "submit_failures",
                "blocked", "pools", "carriers");
        assertThat(json.get("pinned").fieldNames()).toIterable().containsExactly("events", "time_ms", "longest_ms", "stacks");
        assertThat(json.get("carriers").fieldNames()).toIterable().containsExactly("idle_parks", "idle_ms", "mounted_samples",
                "carrier_samples", "jvm_cpu_pct", "machine_cpu_pct", "cpu_readings");
        assertThat(json.get("carriers").get("mounted_samples").asLong()).isEqualTo(view.carriers().mountedSamples());
    }

    /** Runs {@code hold} inside a native frame: what pins a virtual thread on every JDK. */
    private static void inNativeFrame(dev.loomlab.core.pinning.Hold hold) {
        try {
            new QsortNativeFrame().call(hold);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
