package dev.loomlab.db;

import dev.loomlab.core.server.DatabaseEndpoint;
import dev.loomlab.core.server.EndpointSpec;

import java.sql.SQLException;

/**
 * A db endpoint over JDBC with HikariCP, for servers that give each request a thread of its own (Spring MVC
 * on Tomcat's platform threads or on virtual threads, Helidon, the JDK server): a request borrows one of
 * the pool's {@code db-connections}, blocking its thread until one is free (at most
 * {@link #ACQUIRE_TIMEOUT}), makes its call, which commits what it wrote, and hands the connection back.
 */
public final class JdbcEndpoint extends PooledEndpoint<JdbcPool> implements DatabaseEndpoint.Blocking {
    private JdbcEndpoint(EndpointSpec spec) throws SQLException {
        super(spec, JdbcPool::new);
    }

    /**
     * Prepares the run's database and opens the pool {@code spec} sizes.
     *
     * @throws SQLException when the database cannot be reached or prepared
     */
    public static JdbcEndpoint open(EndpointSpec spec) throws SQLException {
        return new JdbcEndpoint(spec);
    }

    @Override
    public void serve() throws SQLException {
        if (call.buffer() != null) {
            try {
                call.buffer().write(call.nextKey()).get(ACQUIRE_TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while its row waited to be written", e);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new SQLException("its row was not written within " + ACQUIRE_TIMEOUT.toSeconds() + " s", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof SQLException sql ? sql : new SQLException(e.getCause());
            }
            call.completed();
            return;
        }
        try (JdbcPool.Lease lease = pool.lease()) {
            call.call().run(lease.connection(), call.nextKey());
        }
        call.completed();
    }
}
