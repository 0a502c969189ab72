package dev.loomlab.prof;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PoolTest {
    @Test
    void framesOfAPoolNameIt() {
        assertThat(Pool.of("com.zaxxer.hikari.pool.HikariPool", "getConnection")).isEqualTo(Pool.HIKARICP);
        assertThat(Pool.of("com.zaxxer.hikari.util.ConcurrentBag", "borrow")).isEqualTo(Pool.HIKARICP);
        assertThat(Pool.of("io.r2dbc.pool.ConnectionPool", "create")).isEqualTo(Pool.R2DBC_POOL);
        assertThat(Pool.of("java.util.concurrent.Semaphore", "acquire")).isEqualTo(Pool.SEMAPHORE);
        assertThat(Pool.of("java.util.concurrent.Semaphore", "tryAcquire")).isEqualTo(Pool.SEMAPHORE);
    }

    @Test
    void otherFramesAreNoPool() {
        assertThat(Pool.of("java.util.concurrent.Semaphore", "release")).isNull();
        assertThat(Pool.of("com.zaxxer.hikari.util.FastList", "add")).isNull();
        assertThat(Pool.of("java.util.concurrent.locks.LockSupport", "park")).isNull();
    }

    @Test
    void labelsNameThePoolBack() {
        for (Pool p : Pool.values()) {
            assertThat(Pool.labelled(p.label())).isSameAs(p);
        }
    }
}
