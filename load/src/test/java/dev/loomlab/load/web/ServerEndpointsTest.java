package dev.loomlab.load.web;

import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cpu and memory endpoints on every server under test: what each request costs the server and what it retains
 * (a class of its own so that it runs beside {@link ServersTest}). Spring MVC once, on virtual threads: mvc-platform is the
 * same server and endpoint code on Tomcat's pool, whose thread kind ServersTest and DbEndpointsTest check. It takes more
 * than 10 s: eight server JVMs, each under a second of load. No server's event loop blocked, nor a carrier held by a pinned
 * virtual thread.
 */
class ServerEndpointsTest {
    /**
     * cpu: every answer is ok from the promised thread kind, and the server's process spent at least the work
     * asked per request it handled, which also bounds each answer's latency from below.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mvc-virtual", "webflux", "helidon", "jdk"})
    void theCpuEndpointCostsAtLeastItsWorkInCpuTime(String name) throws Exception {
        long workMs = 5;
        EndpointSpec cpu = EndpointSpec.parse(List.of("endpoint=cpu", "work=" + workMs + "ms"));
        ServerModel model = ServerModels.named(name);
        try (ServerUnderTest server = ServerUnderTest.start(model, 0, cpu, 0, true)) {
            LoadReport r = secondOfCleanLoad(server, model, 4);
            Map<String, Double> stats = server.stats();
            assertThat(stats.get("requests")).isEqualTo((double) r.sent());
            assertThat(stats.get("cpu_ms")).isGreaterThanOrEqualTo((double) r.sent() * workMs);
            assertThat(r.latency().getMinValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(workMs));
        }
    }

    /** memory: every answer is ok, and the server's cache never holds more entries than its capacity or requests handled. */
    @ParameterizedTest
    @ValueSource(strings = {"mvc-virtual", "webflux", "helidon", "jdk"})
    void theMemoryEndpointRetainsAtMostItsCapacity(String name) throws Exception {
        int capacity = 50;
        EndpointSpec memory = EndpointSpec.parse(List.of("endpoint=memory", "retain=2000", "cache=" + capacity));
        ServerModel model = ServerModels.named(name);
        try (ServerUnderTest server = ServerUnderTest.start(model, 0, memory, 0, true)) {
            LoadReport r = secondOfCleanLoad(server, model, 10);
            Map<String, Double> stats = server.stats();
            assertThat(stats.get("requests")).isEqualTo((double) r.sent());
            // the verifying request and the load's, each retaining one user
            assertThat(stats.get("cache_entries")).isPositive().isLessThanOrEqualTo(Math.min(capacity, r.sent() + 1.0));
        }
    }

    /**
     * After the server keeps its promise, a second of closed load by {@code users} users on the fresh server: every
     * answer ok and from the promised thread kind.
     */
    static LoadReport secondOfCleanLoad(ServerUnderTest server, ServerModel model, int users) throws Exception {
        assertThat(server.verify()).isEqualTo(model.promise());
        // a brief load first: what runs once (class initialisation, a connection's first close) may pin a carrier
        new LoadGenerator(LoadSpec.closed(server.uri(null), users, Duration.ZERO, Duration.ofMillis(300), Ramp.CONSTANT,
                Duration.ofSeconds(30), "ok")).run();
        server.reset();
        LoadReport r = new LoadGenerator(LoadSpec.closed(server.uri(null), users, Duration.ZERO, Duration.ofSeconds(1),
                Ramp.CONSTANT, Duration.ofSeconds(30), "ok")).run();

        assertThat(r.errorCount()).isZero();
        assertThat(r.ok()).isPositive().isEqualTo(r.sent());
        assertThat(r.servedBy()).containsEntry(model.promise().header(), r.ok());
        if (model.promise() == ServingThread.EVENT_LOOP) {
            // the server counts its loops' blocks from a JFR stream, which hands them over about once a second
            Thread.sleep(1500);
        }
        assertThat(server.stats().get("blocked_events")).as("blocks of a thread that must not block").isZero();
        return r;
    }
}
