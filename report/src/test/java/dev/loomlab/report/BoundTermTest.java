package dev.loomlab.report;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.result.Result;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

class BoundTermTest {
    private static final Model POOL_100 = new Model("platform:100", "platform", OptionalInt.of(100), ServingThread.PLATFORM,
            OptionalInt.of(100));

    private static Result db(int connections, double boundMs) {
        Result r = Fixtures.ok("db", "platform:100", Fixtures.params("tasks", 2000, "connections", connections), Fixtures.JDK25,
                Fixtures.around(boundMs * 1.05), 2000, 20, 40, null, null);
        return r.toBuilder().modelInfo(POOL_100).bound(boundMs, null, 20.0).build();
    }

    @Test
    void aPoolSmallerThanTheModelsConcurrencyIsTheBindingTerm() {
        // 2,000 calls of 20 ms over 10 connections: 200 waves, 4,000 ms.
        assertThat(BoundTerm.of(db(10, 4_000))).isEqualTo("pool-bound (10 connections)");
    }

    @Test
    void aPoolLargerThanTheModelLeavesTheModelsThreadsAsTheLimit() {
        // 2,000 calls of 20 ms over the 100 threads: 20 waves, 400 ms.
        assertThat(BoundTerm.of(db(200, 400))).isEqualTo("I/O-bound");
    }

    @Test
    void aBoundAboveTheWavesIsTheCpuTerm() {
        assertThat(BoundTerm.of(db(200, 900))).isEqualTo("CPU-bound");
    }

    @Test
    void otherScenariosHaveNoCalibratedTerm() {
        assertThat(BoundTerm.of(Fixtures.sleep("virtual", 10_000, 300, Fixtures.JDK25, 402, 300.0, null))).isNull();
    }
}
