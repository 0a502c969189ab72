package dev.loomlab.db;

import dev.loomlab.core.server.DatabaseEndpoint;
import dev.loomlab.core.server.EndpointSpec;

import java.sql.SQLException;
import java.time.Duration;

/**
 * What a db endpoint of a server under test is whatever its driver: the {@link EndpointCall} of its kind,
 * which counts the calls, and the pool of {@code db-connections} its requests borrow from (waiting at most
 * {@link #ACQUIRE_TIMEOUT}), closed with it. {@link JdbcEndpoint} and {@link R2dbcEndpoint} add how a request
 * makes its call.
 *
 * @param <P> the driver's pool
 */
public abstract sealed class PooledEndpoint<P extends ConnectionPool> implements DatabaseEndpoint, AutoCloseable
        permits JdbcEndpoint, R2dbcEndpoint {
    /** How long a request waits for a connection before it fails: HikariCP's default. */
    public static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(30);

    final EndpointCall call;
    final P pool;

    /**
     * Prepares the run's database (over JDBC, once) and opens the pool {@code spec} sizes.
     *
     * @throws SQLException when the database cannot be reached or prepared, or the pool did not open
     */
    PooledEndpoint(EndpointSpec spec, ConnectionPool.Opener<P> pools) throws SQLException {
        this.call = EndpointCall.open(spec);
        try {
            this.pool = pools.open(call.address(), spec.dbConnections(), ACQUIRE_TIMEOUT);
        } catch (RuntimeException e) {
            // HikariCP reports a first connection that fails as its own runtime exception.
            throw new SQLException("the connection pool did not open: " + e.getMessage(), e);
        }
    }

    @Override
    public long calls() {
        return call.calls();
    }

    @Override
    public void reset() {
        call.reset();
    }

    @Override
    public PoolState poolState() {
        return pool.state();
    }

    @Override
    public void close() {
        call.close();
        pool.close();
    }
}
