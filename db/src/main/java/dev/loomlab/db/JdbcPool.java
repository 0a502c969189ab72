package dev.loomlab.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.PoolStats;
import dev.loomlab.core.server.DatabaseEndpoint.PoolState;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * HikariCP over the PostgreSQL JDBC driver, fixed at {@code size} connections (minimum idle = maximum, as
 * HikariCP advises for a fixed load), its acquisition times and timeouts recorded through HikariCP's own
 * metrics tracker.
 */
final class JdbcPool extends ConnectionPool {
    private final HikariDataSource source;

    JdbcPool(DbAddress address, int size, Duration acquireTimeout) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(address.jdbcUrl());
        config.setUsername(address.user());
        config.setPassword(address.password());
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setConnectionTimeout(Math.max(250, acquireTimeout.toMillis()));
        config.setPoolName("loomlab-db");
        config.setMetricsTrackerFactory((String name, PoolStats stats) -> new IMetricsTracker() {
            @Override
            public void recordConnectionAcquiredNanos(long nanos) {
                waits.acquired(nanos);
            }

            @Override
            public void recordConnectionTimeout() {
                waits.timedOut();
            }
        });
        source = new HikariDataSource(config);
    }

    /** A connection from the pool, counted in its peaks until the lease is closed. */
    Lease lease() throws SQLException {
        peaks.asked();
        Connection c;
        try {
            c = source.getConnection();
        } catch (SQLException | RuntimeException e) {
            peaks.gaveUp();
            throw e;
        }
        peaks.handedOut();
        return new Lease(c, peaks);
    }

    /** A connection handed out; closing the lease gives it back. */
    record Lease(Connection connection, PoolPeaks peaks) implements AutoCloseable {
        @Override
        public void close() throws SQLException {
            // Counted out before the pool has it back: once it has, another caller may be handed it at once.
            peaks.released();
            connection.close();
        }
    }

    @Override
    PoolState state() {
        HikariPoolMXBean now = source.getHikariPoolMXBean();
        return new PoolState(now.getActiveConnections(), now.getThreadsAwaitingConnection(),
                source.getHikariConfigMXBean().getMaximumPoolSize());
    }

    @Override
    int open() {
        HikariPoolMXBean now = source.getHikariPoolMXBean();
        return now.getActiveConnections() + now.getIdleConnections();
    }

    @Override
    public void close() {
        source.close();
    }
}
