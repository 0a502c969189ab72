package dev.loomlab.db;

import dev.loomlab.core.model.AsyncRunner;
import dev.loomlab.core.model.BlockingRunner;
import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.workload.CallCountingWorkload;
import dev.loomlab.core.workload.FailedCalls;
import dev.loomlab.core.workload.Offer;
import org.HdrHistogram.Histogram;
import reactor.core.publisher.Mono;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Scenario {@code db}: {@code tasks} database calls per iteration ({@link DbOp}) for users drawn at random,
 * each holding one connection of a pool of {@code connections} while it runs. Blocking models call over
 * JDBC with HikariCP; the {@code async} model runs each call as a Reactor pipeline over R2DBC with
 * r2dbc-pool. A call that fails — a connection not handed out within the acquire timeout included — is
 * counted ({@code failed_calls}, {@code pool_timeouts}) and the iteration goes on.
 */
public final class DbWorkload extends CallCountingWorkload {
    private final DbCall call;
    private final int connections;
    private final Duration acquireTimeout;
    private final int[] keys;
    private final AtomicInteger commits = new AtomicInteger();
    private DbAddress address;
    private ConnectionPool pool;
    private java.sql.Connection alone;

    /**
     * @param connections    the pool's size
     * @param acquireTimeout how long a call waits for a connection before it fails
     * @param seed           the seed of the users' keys
     */
    public DbWorkload(int tasks, DbOp op, Duration latency, int batch, int connections, Duration acquireTimeout, long seed) {
        super(tasks, "database call");
        this.call = new DbCall(op, latency.toNanos() / 1e9, batch);
        this.connections = connections;
        this.acquireTimeout = acquireTimeout;
        this.keys = UserTable.keys(tasks, seed);
    }

    @Override
    public List<Offer<?>> offers() {
        return List.of(new Offer<>(Form.BLOCKING, pooled(JdbcPool::new, this::runJdbc)),
                new Offer<>(Form.ASYNC, pooled(R2dbcPool::new, this::runR2dbc)));
    }

    /** Blocking models: each call leases a connection over JDBC, its thread blocked until one is free. */
    private void runJdbc(BlockingRunner runner, JdbcPool jdbc, TaskClock clock) throws InterruptedException {
        runner.runAll(index -> {
            try (JdbcPool.Lease lease = jdbc.lease()) {
                call.run(lease.connection(), keys[index]);
                commits.incrementAndGet();
            } catch (SQLException | RuntimeException e) {
                failed.add(e);
            }
        }, clock);
    }

    /** The async model: each call a Reactor pipeline over R2DBC, which borrows and gives back its connection. */
    private void runR2dbc(AsyncRunner runner, R2dbcPool r2dbc, TaskClock clock) throws InterruptedException {
        runner.runAll(index -> Mono.usingWhen(r2dbc.connection(), c -> call.run(c, keys[index]), r2dbc::release)
                .doOnSuccess(done -> commits.incrementAndGet())
                .onErrorResume(e -> {
                    failed.add(e);
                    return Mono.empty();
                })
                .toFuture(), clock);
    }

    /** One iteration's calls on runner {@code R} over the pool {@code P} of its form. */
    @FunctionalInterface
    private interface PoolCalls<R, P extends ConnectionPool> {
        void run(R runner, P pool, TaskClock clock) throws InterruptedException;
    }

    /** A form's job: opens its driver's pool once the runner is known, then runs each iteration's calls over it. */
    private <R, P extends ConnectionPool> Offer.Job<R> pooled(ConnectionPool.Opener<P> opener, PoolCalls<R, P> calls) {
        return new Offer.Job<>() {
            private P opened;

            @Override
            public void open(R runner) {
                opened = opener.open(address, connections, acquireTimeout);
                opened.countPeaks();
                pool = opened;
            }

            @Override
            public void run(R runner, TaskClock clock) throws InterruptedException {
                calls.run(runner, opened, clock);
            }
        };
    }

    @Override
    public void open(Model model) throws Exception {
        address = DbAddress.ofRun().orElseThrow(() -> new IllegalStateException(
                "no database: scenario db runs under 'loomlab run', which starts one (or uses --db-url)"));
        UserTable.prepare(address);
        alone = DriverManager.getConnection(address.jdbcUrl(), address.user(), address.password());
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
        try {
            if (alone != null) {
                alone.close();
            }
        } catch (SQLException ignored) {
            // the connection of the calibration: the server closes it when the trial ends
        }
    }

    @Override
    public void prepare() {
        failed.reset();
        commits.set(0);
        if (pool != null) {
            pool.waits().reset();
            pool.peaks().reset(pool.open());
        }
    }

    @Override
    public Map<String, Double> collect(TaskClock clock) {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(FailedCalls.METRIC.name(), (double) failed.count());
        out.put(DbMetrics.COMMITS.name(), (double) commits.get());
        if (call.op().rowsWritten(call.batch()) > 0) {
            out.put(DbMetrics.ROWS_WRITTEN.name(), (double) commits.get() * call.op().rowsWritten(call.batch()));
        }
        if (pool != null) {
            PoolPeaks peaks = pool.peaks();
            Histogram waits = pool.waits().waits();
            out.put(ServerMetrics.POOL_TIMEOUTS.name(), (double) pool.waits().timeouts());
            out.put(ServerMetrics.POOL_WAIT_P50_MS.name(), waits.getTotalCount() == 0 ? null : waits.getValueAtPercentile(50) / 1e6);
            out.put(ServerMetrics.POOL_WAIT_P99_MS.name(), waits.getTotalCount() == 0 ? null : waits.getValueAtPercentile(99) / 1e6);
            out.put(ServerMetrics.POOL_ACTIVE_PEAK.name(), (double) peaks.active());
            out.put(ServerMetrics.POOL_IDLE_PEAK.name(), (double) peaks.idle());
            out.put(ServerMetrics.POOL_PENDING_PEAK.name(), (double) peaks.pending());
        }
        out.put(DbMetrics.DB_BACKENDS.name(), backends());
        failed.printFirstOnce("db");
        return out;
    }

    @Override
    public Map<MetricKey, MetricKey> perSecond() {
        Map<MetricKey, MetricKey> rates = new LinkedHashMap<>();
        rates.put(DbMetrics.COMMITS, DbMetrics.COMMITS_PER_S);
        rates.put(DbMetrics.ROWS_WRITTEN, DbMetrics.ROWS_WRITTEN_PER_S);
        return rates;
    }

    /** One call alone, on a connection of its own outside the pool: the latency and CPU the bound rests on. */
    @Override
    public Optional<BlockingTask> cpuPart() {
        return Optional.of(index -> {
            try {
                call.run(alone, keys[index]);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Server processes serving this database now, the calibration's own connection left out. */
    private Double backends() {
        try (Statement s = alone.createStatement(); ResultSet r = s.executeQuery(
                "select count(*) - 1 from pg_stat_activity where datname = current_database() and backend_type = 'client backend'")) {
            r.next();
            return (double) r.getLong(1);
        } catch (SQLException e) {
            return null;
        }
    }
}
