package dev.loomlab.core.server;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A thread registered as an event loop is counted each time it blocks; a thread that is not, never. */
class BlockedThreadsTest {
    @Test
    void countsTheBlocksOfARegisteredLoopOnly() throws Exception {
        try (BlockedThreads blocked = BlockedThreads.startNow(true)) {
            Thread loop = Thread.ofPlatform().start(() -> {
                blocked.mustNotBlock();
                for (int i = 0; i < 3; i++) {
                    sleep(5);
                }
            });
            Thread worker = Thread.ofPlatform().start(() -> sleep(5));
            loop.join();
            worker.join();
            // JFR hands the stream its events about once a second
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (blocked.count() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(1500);
            assertThat(blocked.count()).isEqualTo(3);
            blocked.reset();
            assertThat(blocked.count()).isZero();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
