package dev.loomlab.load.web;

import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.load.LoadParams;
import dev.loomlab.load.Ramp;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WebWorkloadTest {

    private static WebWorkload workload(int users, long delayMs) {
        return new WebWorkload(load(users, 0), delayMs);
    }

    /** A second's load of {@code users} users or at {@code rate}, no warm-up, constant, 30 s timeout, 10,000 connections. */
    private static LoadParams load(int users, double rate) {
        return new LoadParams(users, rate, Duration.ZERO, Duration.ofSeconds(1), Ramp.CONSTANT, Duration.ofSeconds(30), 10_000,
                null);
    }

    /** A "virtual" server that really runs Tomcat's platform pool cannot pass as one. */
    @Test
    void aServerThatBreaksItsPromiseIsRefused() {
        ServerModel liar = new ServerModel("mvc-liar", "mvc", "dev.loomlab.servers.mvc.MvcServer", List.of("platform"),
                ServingThread.VIRTUAL, OptionalInt.empty(), "Tomcat's platform pool claiming virtual threads");
        WebWorkload w = workload(5, 10);
        try {
            assertThatThrownBy(() -> w.start(liar)).hasMessageContaining("served from a platform thread but promises virtual");
        } finally {
            w.close();
        }
    }

    @Test
    void anIterationReportsThroughputBoundAndTheServersFigures() throws Exception {
        WebWorkload w = workload(20, 50);
        ServerModel jdk = ServerModels.named("jdk");
        try {
            w.start(jdk);
            TaskClock clock = new TaskClock(w.tasks());
            w.prepare();
            w.load(clock);
            var m = w.collect(clock);
            w.validate(clock);
            // Little's law: 20 users / 50 ms
            assertThat(m.get("bound_throughput_per_s")).isEqualTo(400.0);
            assertThat(m.get("throughput_per_s")).isPositive().isLessThanOrEqualTo(400.0 * 1.05);
            assertThat(m.get("server_requests")).isGreaterThanOrEqualTo(m.get("ok"));
            assertThat(m).containsKeys("efficiency_pct", "server_cpu_pct").containsEntry("latency_from_intended_send", 0.0);
            // the closed model's latency is from the actual send: nothing in the result calls it corrected
            assertThat(m.keySet()).noneMatch(k -> k.contains("corrected"));
            assertThat(w.latencies(clock)).hasValueSatisfying(h -> assertThat(h.getTotalCount()).isEqualTo(m.get("ok").longValue()));
        } finally {
            w.close();
        }
    }

    @Test
    void aPoolBoundsThePlatformModel() {
        WebWorkload w = workload(3000, 300);
        assertThat(w.boundFor(ServerModels.named("mvc-platform"))).isEqualTo(200 / 0.3, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(w.boundFor(ServerModels.named("mvc-virtual"))).isEqualTo(10_000.0);
    }

    /** cpu: at most one request per core computes at a time, each for work; memory has no formula, so no bound. */
    @Test
    void theCpuEndpointIsBoundByTheCoresAndTheMemoryEndpointByNothing() {
        int cores = Runtime.getRuntime().availableProcessors();
        WebWorkload cpu = new WebWorkload(load(3000, 0), 300, EndpointSpec.parse(List.of("endpoint=cpu", "work=10ms")));
        assertThat(cpu.boundFor(ServerModels.named("mvc-platform"))).isEqualTo(Math.min(200, cores) / 0.010, Offset.offset(1e-6));
        assertThat(cpu.boundFor(ServerModels.named("webflux"))).isEqualTo(cores / 0.010, Offset.offset(1e-6));
        WebWorkload oneUser = new WebWorkload(load(1, 0), 300, EndpointSpec.parse(List.of("endpoint=cpu", "work=10ms")));
        assertThat(oneUser.boundFor(ServerModels.named("jdk"))).isEqualTo(100.0, Offset.offset(1e-6));
        WebWorkload open = new WebWorkload(load(1, 50), 300, EndpointSpec.parse(List.of("endpoint=cpu", "work=10ms")));
        assertThat(open.boundFor(ServerModels.named("jdk"))).isEqualTo(50.0);
        WebWorkload memory = new WebWorkload(load(3000, 0), 300, EndpointSpec.parse(List.of("endpoint=memory")));
        assertThat(memory.boundFor(ServerModels.named("jdk"))).isNaN();
    }

    /** db-sleep: each call holds one of the pool's connections for db-latency, so the pool bounds the rate unless fewer users do. */
    @Test
    void theDbSleepEndpointIsBoundByItsPoolOverItsWait() {
        EndpointSpec sleep = EndpointSpec.parse(List.of("endpoint=db-sleep", "db-connections=5", "db-latency=20ms"));
        assertThat(new WebWorkload(load(3000, 0), 300, sleep).boundFor(ServerModels.named("mvc-platform")))
                .isEqualTo(250.0, Offset.offset(1e-6));
        assertThat(new WebWorkload(load(2, 0), 300, sleep).boundFor(ServerModels.named("webflux"))).isEqualTo(100.0, Offset.offset(1e-6));
        assertThat(new WebWorkload(load(1, 100), 300, sleep).boundFor(ServerModels.named("jdk"))).isEqualTo(100.0);
    }
}
