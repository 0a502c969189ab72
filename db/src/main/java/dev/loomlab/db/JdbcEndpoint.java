package dev.loomlab.db;

import dev.loomlab.core.server.EndpointSpec;

import java.sql.SQLException;
import java.time.Duration;

/**
 * A db endpoint over JDBC with HikariCP, for servers that give each request a thread of its own (Spring MVC
 * on Tomcat's platform threads or on virtual threads, Helidon, the JDK server): a request borrows one of
 * the pool's {@code db-connections}, blocking its thread until one is free (at most
 * {@link #ACQUIRE_TIMEOUT}), makes its call, which commits what it wrote, and hands the connection back.
 */
public final class JdbcEndpoint implements AutoCloseable {
    /** How long a request waits for a connection before it fails: HikariCP's default. */
    public static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(30);

    private final EndpointCall call;
    private final JdbcPool pool;

    private JdbcEndpoint(EndpointCall call, JdbcPool pool) {
        this.call = call;
        this.pool = pool;
    }

    /**
     * Prepares the run's database and opens the pool {@code spec} sizes.
     *
     * @throws SQLException when the database cannot be reached or prepared
     */
    public static JdbcEndpoint open(EndpointSpec spec) throws SQLException {
        EndpointCall call = EndpointCall.open(spec);
        try {
            return new JdbcEndpoint(call, new JdbcPool(call.address(), spec.dbConnections(), ACQUIRE_TIMEOUT));
        } catch (RuntimeException e) {
            // HikariCP reports a first connection that fails as its own runtime exception.
            throw new SQLException("the connection pool did not open: " + e.getMessage(), e);
        }
    }

    /**
     * One request's call on the calling thread.
     *
     * @throws SQLException when no connection came within the timeout, or the call failed
     */
    public void serve() throws SQLException {
        try (JdbcPool.Lease lease = pool.lease()) {
            call.call().run(lease.connection(), call.nextKey());
        }
        call.completed();
    }

    /** Calls completed since the last {@link #reset}. */
    public long calls() {
        return call.calls();
    }

    public void reset() {
        call.reset();
    }

    @Override
    public void close() {
        pool.close();
    }
}
