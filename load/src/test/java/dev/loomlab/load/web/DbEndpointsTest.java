package dev.loomlab.load.web;

import dev.loomlab.core.process.ChildEnvironment;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.db.DbAddress;
import dev.loomlab.db.EmbeddedDatabase;
import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.RequestError;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The db endpoints of every server, against a PostgreSQL this test starts and hands to the servers as a
 * run does: each answer is one call through the server's own pool, of the size asked, which the server reports;
 * writes land in the table, a batch whole; a call that fails answers 5xx, which the load generator counts as an
 * error; a query that waits in the database holds its connection, so the pool bounds the throughput. It takes more than
 * 10 s: one PostgreSQL for the class and twelve server JVMs, one per server and endpoint, each under a second or two of load.
 */
class DbEndpointsTest {
    /** The test's own connections' name, so that the servers' connections can be told apart. */
    private static final String TEST_APPLICATION = "loomlab-db-endpoints-test";
    private static EmbeddedDatabase db;
    /** db-sleep: the connections of the pool, the callers sharing them, each call's wait in the database (ms). */
    private static final int SLEEP_CONNECTIONS = 5;
    private static final int SLEEPERS = 20;
    private static final long SLEEP_MS = 20;
    /** Room above the physical bound for the measured span's own edges. */
    private static final double SLACK = 0.05;

    @BeforeAll
    static void startDatabase() throws Exception {
        db = EmbeddedDatabase.start();
        db.address().handToChildren();
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        ChildEnvironment.remove(DbAddress.URL_VARIABLE);
        ChildEnvironment.remove(DbAddress.USER_VARIABLE);
        db.close();
    }

    private static Connection connect() throws SQLException {
        DbAddress a = db.address();
        Properties p = new Properties();
        p.setProperty("user", a.user());
        p.setProperty("password", a.password());
        p.setProperty("ApplicationName", TEST_APPLICATION);
        return DriverManager.getConnection(a.jdbcUrl(), p);
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** The database's client connections other than this test's: the server's pool, once the last server's are gone. */
    private static long serverConnectionsSettledAt(long expected) throws Exception {
        String sql = "select count(*) from pg_stat_activity where datname = current_database() and backend_type = 'client backend'"
                + " and application_name <> '" + TEST_APPLICATION + "'";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long seen = count(sql);
        while (seen != expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            seen = count(sql);
        }
        return seen;
    }

    private static LoadReport load(ServerUnderTest server, int users) throws InterruptedException {
        return new LoadGenerator(LoadSpec.closed(server.uri(null), users, Duration.ZERO, Duration.ofSeconds(1), Ramp.CONSTANT,
                Duration.ofSeconds(30), "ok")).run();
    }

    /**
     * db: every answer ok from the promised thread, one completed read per request, through a pool of exactly the size asked.
     * Spring MVC once, on virtual threads: mvc-platform is the same server, pool and endpoint code on Tomcat's pool of
     * threads, whose kind ServersTest checks.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mvc-virtual", "webflux", "helidon", "jdk"})
    void theDbEndpointReadsThroughAPoolOfTheSizeAsked(String name) throws Exception {
        int connections = 3;
        ServerModel model = ServerModels.named(name);
        EndpointSpec read = EndpointSpec.parse(List.of("endpoint=db", "db-connections=" + connections));
        try (ServerUnderTest server = ServerUnderTest.start(model, 0, read, 0, true)) {
            assertThat(server.verify()).isEqualTo(model.promise());
            server.reset();
            LoadReport r = load(server, 10);

            assertThat(r.errorCount()).as(r.errorKinds().toString()).isZero();
            assertThat(r.ok()).isPositive().isEqualTo(r.sent());
            assertThat(r.servedBy()).containsEntry(model.promise().header(), r.ok());
            Map<String, Double> stats = server.stats();
            assertThat(stats.get("requests")).isEqualTo((double) r.sent());
            assertThat(stats.get("db_calls")).isEqualTo((double) r.sent());
            // Ten users share the server's pool: PostgreSQL serves exactly its connections for this server.
            assertThat(serverConnectionsSettledAt(connections)).isEqualTo(connections);
            // The pool reports its own size, and every connection back once every answer is.
            Map<String, Double> idle = settled(server);
            assertThat(idle).containsEntry("pool_max", (double) connections).containsEntry("pool_active", 0.0)
                    .containsEntry("pool_pending", 0.0).containsEntry("requests_in_flight", 0.0);
            if (model.promise() == ServingThread.EVENT_LOOP) {
                // the driver's loops as well as the server's: counted from a JFR stream, about a second late
                Thread.sleep(1500);
                assertThat(server.stats().get("blocked_events")).as("blocks of an event loop").isZero();
            }
        }
    }

    /**
     * db-sleep: {@value #SLEEPERS} users share {@value #SLEEP_CONNECTIONS} connections, each call holding one for
     * {@value #SLEEP_MS} ms in {@code pg_sleep}. While they do, the server reports every connection in use and callers
     * waiting for one; each connection serves at most one call per {@value #SLEEP_MS} ms, which bounds the throughput
     * from above, and no answer comes sooner than its call's wait. JDBC with HikariCP on jdk (the same pool as mvc's and
     * helidon's, in the server that starts quickest) and R2DBC with r2dbc-pool on webflux. One second of load: the pool
     * is full within the first wait, and the server is read every 100 ms.
     */
    @ParameterizedTest
    @ValueSource(strings = {"jdk", "webflux"})
    void theDbSleepEndpointHoldsAConnectionPerCallAndThePoolBoundsTheThroughput(String name) throws Exception {
        ServerModel model = ServerModels.named(name);
        EndpointSpec sleep = EndpointSpec.parse(List.of("endpoint=db-sleep", "db-latency=" + SLEEP_MS + "ms",
                "db-connections=" + SLEEP_CONNECTIONS));
        try (ServerUnderTest server = ServerUnderTest.start(model, 0, sleep, 0)) {
            assertThat(server.verify()).isEqualTo(model.promise());
            Duration span = Duration.ofSeconds(1);
            LoadSpec spec = LoadSpec.closed(server.uri(null), SLEEPERS, Duration.ZERO, span, Ramp.CONSTANT, Duration.ofSeconds(30), "ok");
            CompletableFuture<LoadReport> load = CompletableFuture.supplyAsync(() -> {
                try {
                    return new LoadGenerator(spec).run();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            List<Map<String, Double>> during = new ArrayList<>();
            while (!load.isDone()) {
                during.add(server.stats());
                Thread.sleep(100);
            }
            LoadReport r = load.get();

            assertThat(r.errorCount()).as(r.errorKinds().toString()).isZero();
            assertThat(r.ok()).isPositive();
            assertThat(r.latency().getMinValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(SLEEP_MS));
            // Each connection completes at most span / sleep + 1 calls within the span.
            double seconds = span.toNanos() / 1e9;
            double most = SLEEP_CONNECTIONS * (seconds / (SLEEP_MS / 1e3) + 1) / seconds * (1 + SLACK);
            assertThat(r.throughputPerSecond()).as("throughput, at most %.1f/s", most).isLessThanOrEqualTo(most);

            assertThat(during).as("readings during the load").isNotEmpty()
                    .allSatisfy(d -> assertThat(d).containsEntry("pool_max", (double) SLEEP_CONNECTIONS))
                    .allSatisfy(d -> assertThat(d.get("pool_active")).isBetween(0.0, (double) SLEEP_CONNECTIONS))
                    // A request counts until its handler returns, just after its answer has left: a user's next
                    // request can begin before that, so each user has at most two in a reading.
                    .allSatisfy(d -> assertThat(d.get("requests_in_flight")).isBetween(0.0, 2.0 * SLEEPERS))
                    .anySatisfy(d -> assertThat(d).as("every connection in use, callers waiting")
                            .containsEntry("pool_active", (double) SLEEP_CONNECTIONS)
                            .hasEntrySatisfying("pool_pending", p -> assertThat(p).isGreaterThanOrEqualTo(1)));
        }
    }

    /** The server's stats once its pool and its requests are idle (a connection goes back just before its answer leaves). */
    private static Map<String, Double> settled(ServerUnderTest server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Map<String, Double> stats = server.stats();
        while (stats.get("pool_active") + stats.get("pool_pending") + stats.get("requests_in_flight") > 0
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
            stats = server.stats();
        }
        return stats;
    }

    /**
     * db-write: each answer is one row more in the table; db-write-batch: batch rows more, committed whole;
     * db-write-buffered (webflux): one row more, committed by the buffer's writer before the answer. On webflux
     * and jdk the db-write server then loses its table, and every call fails: each request answers 5xx, counted as a
     * status error, and none as ok.
     */
    @ParameterizedTest
    @ValueSource(strings = {"webflux", "helidon", "jdk"})
    void theWriteEndpointsCommitOneRowOrOneBatchPerRequestAndAFailedCallAnswersAServerError(String name) throws Exception {
        ServerModel model = ServerModels.named(name);
        // 0: one row through the write buffer, on R2DBC (webflux); JDBC's path is the same buffer, waited for on the thread
        for (int batch : name.equals("webflux") ? new int[]{1, 7, 0} : new int[]{1, 7}) {
            EndpointSpec write = EndpointSpec.parse(batch == 1 ? List.of("endpoint=db-write")
                    : batch == 0 ? List.of("endpoint=db-write-buffered")
                    : List.of("endpoint=db-write-batch", "batch=" + batch));
            try (ServerUnderTest server = ServerUnderTest.start(model, 0, write, 0)) {
                server.verify();
                long before = count("select count(*) from loomlab_writes");
                LoadReport r = load(server, 4);

                assertThat(r.errorCount()).as(r.errorKinds().toString()).isZero();
                assertThat(r.ok()).isPositive().isEqualTo(r.sent());
                assertThat(count("select count(*) from loomlab_writes") - before).as("rows written, batch " + batch)
                        .isEqualTo(r.sent() * Math.max(1, batch));
                if (batch == 1 && !name.equals("helidon")) {
                    aFailedCallAnswersAServerErrorThatTheLoadCounts(server);
                }
            }
        }
    }

    private static void aFailedCallAnswersAServerErrorThatTheLoadCounts(ServerUnderTest server) throws Exception {
        execute("alter table loomlab_writes rename to loomlab_writes_away");
        LoadReport r;
        try {
            r = load(server, 4);
        } finally {
            execute("alter table loomlab_writes_away rename to loomlab_writes");
        }
        assertThat(r.sent()).isPositive();
        assertThat(r.ok()).isZero();
        assertThat(r.errors().get(RequestError.STATUS)).isEqualTo(r.sent());
        assertThat(r.errorCount()).isEqualTo(r.sent());
        assertThat(server.isAlive()).isTrue();
    }
}
