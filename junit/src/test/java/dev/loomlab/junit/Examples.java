package dev.loomlab.junit;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test classes as a user writes them with {@link NoPinning}, run by {@link ExampleRun} for the module's
 * tests (and by nothing else: {@link ExampleCondition}). A class initializer that blocks pins its
 * carrier on every JDK, so each pinning example blocks in one: a class of its own, since a class
 * initializes once per JVM and so pins once.
 */
final class Examples {
    /** How long each example blocks while pinned, ms. */
    static final long HOLD_MS = 50;
    /** How long a pin lasts that another test overlaps, ms. */
    static final long LONG_HOLD_MS = 300;

    private Examples() {
    }

    /** Initializes {@code slow} on a new virtual thread, whose carrier its blocking initializer pins, and waits for it. */
    static void initializeOnVirtualThread(Class<?> slow) throws InterruptedException {
        Thread t = Thread.ofVirtual().start(() -> initialize(slow));
        t.join();
    }

    static void initialize(Class<?> slow) {
        try {
            Class.forName(slow.getName(), true, slow.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sleeps {@code ms}; an interrupt ends it early. For class initializers, which cannot throw it. */
    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The JEP 491 example: {@value #TASKS} virtual threads each sleep inside {@code synchronized} on a
     * monitor of its own. On JDK 21-23 that pins each one's carrier; from 24 on it does not.
     */
    @ExtendWith(ExampleCondition.class)
    @NoPinning
    static class SynchronizedSleep {
        static final int TASKS = 4;

        @Test
        void sleepsInsideSynchronized() throws Exception {
            AtomicInteger held = new AtomicInteger();
            try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<?>[] tasks = new Future<?>[TASKS];
                for (int i = 0; i < TASKS; i++) {
                    tasks[i] = executor.submit(() -> {
                        hold(new Object());
                        return held.incrementAndGet();
                    });
                }
                for (Future<?> f : tasks) {
                    f.get();
                }
            }
            assertThat(held).hasValue(TASKS);
        }

        static void hold(Object monitor) throws InterruptedException {
            synchronized (monitor) {
                Thread.sleep(HOLD_MS);
            }
        }
    }

    /** Blocks in a class initializer on a virtual thread: pins on every JDK, so it fails everywhere. */
    @ExtendWith(ExampleCondition.class)
    @NoPinning
    static class ClassInitializer {
        @Test
        void initializesASlowClass() throws InterruptedException {
            initializeOnVirtualThread(Slow.class);
        }

        static final class Slow {
            static {
                try {
                    Thread.sleep(HOLD_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** The extension alone, without the annotation: its defaults, every pin counts. */
    @ExtendWith({ExampleCondition.class, NoPinningExtension.class})
    static class ExtensionAlone {
        @Test
        void pins() throws InterruptedException {
            initializeOnVirtualThread(Slow.class);
        }

        static final class Slow {
            static {
                sleep(HOLD_MS);
            }
        }
    }

    /** A threshold tolerates shorter pins only. */
    @ExtendWith(ExampleCondition.class)
    static class Thresholds {
        @Test
        @NoPinning(threshold = "10s")
        void pinsForLessThanItsThreshold() throws InterruptedException {
            initializeOnVirtualThread(BriefPin.class);
        }

        @Test
        @NoPinning(threshold = "20ms")
        void pinsForMoreThanItsThreshold() throws InterruptedException {
            initializeOnVirtualThread(LongerPin.class);
        }

        static final class BriefPin {
            static {
                sleep(HOLD_MS);
            }
        }

        static final class LongerPin {
            static {
                sleep(LONG_HOLD_MS);
            }
        }
    }

    /** A method's own annotation wins over its class's. */
    @ExtendWith(ExampleCondition.class)
    @NoPinning(threshold = "10s")
    static class ClassAndMethod {
        @Test
        void takesTheClassThreshold() throws InterruptedException {
            initializeOnVirtualThread(First.class);
        }

        @Test
        @NoPinning
        void takesItsOwnDefaults() throws InterruptedException {
            initializeOnVirtualThread(Second.class);
        }

        static final class First {
            static {
                sleep(HOLD_MS);
            }
        }

        static final class Second {
            static {
                sleep(HOLD_MS);
            }
        }
    }

    /** A nested class takes the nearest annotation: its own, or its enclosing class's. */
    @ExtendWith(ExampleCondition.class)
    @NoPinning(threshold = "10s")
    static class Enclosing {
        @Nested
        class Lenient {
            @Test
            void takesTheEnclosingClassThreshold() throws InterruptedException {
                initializeOnVirtualThread(First.class);
            }
        }

        @Nested
        @NoPinning
        class Strict {
            @Test
            void takesItsOwnClassDefaults() throws InterruptedException {
                initializeOnVirtualThread(Second.class);
            }
        }

        static final class First {
            static {
                sleep(HOLD_MS);
            }
        }

        static final class Second {
            static {
                sleep(HOLD_MS);
            }
        }
    }

    /** An allowed frame tolerates its pins; an entry that is only the start of a class's name does not name it. */
    @ExtendWith(ExampleCondition.class)
    static class Allowed {
        @Test
        @NoPinning(allow = "dev.loomlab.junit.Examples$Allowed$Legacy")
        void pinsInAnAllowedClass() throws InterruptedException {
            initializeOnVirtualThread(Legacy.class);
        }

        @Test
        @NoPinning(allow = "dev.loomlab.junit.Examples$Allowed$Legacy")
        void pinsInAClassWhoseNameOnlyStartsLikeAnAllowedOne() throws InterruptedException {
            initializeOnVirtualThread(LegacyTwo.class);
        }

        static final class Legacy {
            static {
                sleep(HOLD_MS);
            }
        }

        static final class LegacyTwo {
            static {
                sleep(HOLD_MS);
            }
        }
    }

    /** Each invocation of a repeated test is judged by its own pins. */
    @ExtendWith(ExampleCondition.class)
    static class Repeated {
        @RepeatedTest(2)
        @NoPinning
        void pinsInTheFirstRepetitionOnly(RepetitionInfo repetition) throws InterruptedException {
            if (repetition.getCurrentRepetition() == 1) {
                initializeOnVirtualThread(Slow.class);
            }
        }

        static final class Slow {
            static {
                sleep(HOLD_MS);
            }
        }
    }

    /** A test that fails on its own keeps its failure; the pinning is added to it. */
    @ExtendWith(ExampleCondition.class)
    static class OwnFailure {
        @Test
        @NoPinning
        void pinsAndFails() throws InterruptedException {
            initializeOnVirtualThread(Slow.class);
            throw new AssertionError("its own failure");
        }

        static final class Slow {
            static {
                sleep(HOLD_MS);
            }
        }
    }

    /**
     * A pin that the first test leaves running (a virtual thread it does not wait for) ends while the
     * second runs: it began before, so it is not the second test's.
     */
    @ExtendWith(ExampleCondition.class)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class LeftoverPin {
        static volatile Thread leftover;
        static volatile long pinEndedNanos;
        static volatile long secondStartedNanos;

        @Test
        @Order(1)
        void leavesAPinnedThreadRunning() throws InterruptedException {
            leftover = Thread.ofVirtual().start(() -> initialize(Slow.class));
            // Pinned once it sleeps in the initializer; a bounded wait for that.
            for (int i = 0; i < 10_000 && leftover.getState() != Thread.State.TIMED_WAITING; i++) {
                Thread.sleep(1);
            }
            assertThat(leftover.getState()).isEqualTo(Thread.State.TIMED_WAITING);
        }

        @Test
        @Order(2)
        @NoPinning
        void waitsForThatPinToEnd() throws InterruptedException {
            secondStartedNanos = System.nanoTime();
            leftover.join();
            assertThat(pinEndedNanos).isGreaterThan(secondStartedNanos);
        }

        static final class Slow {
            static {
                sleep(LONG_HOLD_MS);
                pinEndedNanos = System.nanoTime();
            }
        }
    }

    /**
     * Run with JUnit's parallel execution: the test without the annotation pins while the one with it
     * would otherwise be running too. Each notes when it ran (System.nanoTime).
     */
    @ExtendWith(ExampleCondition.class)
    static class ParallelNeighbours {
        static final long[] pinning = new long[2];
        static final long[] watched = new long[2];

        @Test
        void pinsWithoutTheAnnotation() throws InterruptedException {
            pinning[0] = System.nanoTime();
            initializeOnVirtualThread(Slow.class);
            pinning[1] = System.nanoTime();
        }

        @Test
        @NoPinning
        void sleepsUnpinnedMeanwhile() throws InterruptedException {
            watched[0] = System.nanoTime();
            Thread.ofVirtual().start(() -> sleep(LONG_HOLD_MS)).join();
            watched[1] = System.nanoTime();
        }

        static final class Slow {
            static {
                sleep(LONG_HOLD_MS);
            }
        }
    }

    /** Options that are not what they should be fail the test as a configuration error. */
    @ExtendWith(ExampleCondition.class)
    static class BadOptions {
        @Test
        @NoPinning(threshold = "20")
        void thresholdWithoutUnit() {
        }

        @Test
        @NoPinning(allow = " ")
        void blankAllowEntry() {
        }
    }
}
