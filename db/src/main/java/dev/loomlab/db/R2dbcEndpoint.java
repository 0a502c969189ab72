package dev.loomlab.db;

import dev.loomlab.core.server.EndpointSpec;
import reactor.core.publisher.Mono;

import java.sql.SQLException;
import java.time.Duration;

/**
 * A db endpoint over R2DBC (r2dbc-postgresql with r2dbc-pool), for a reactive server (WebFlux): a request
 * is a Mono that borrows one of the pool's {@code db-connections} (waiting at most
 * {@link #ACQUIRE_TIMEOUT}), makes its call, which commits what it wrote, and hands the connection back;
 * no thread blocks.
 */
public final class R2dbcEndpoint implements AutoCloseable {
    /** How long a request waits for a connection before it fails, as {@link JdbcEndpoint#ACQUIRE_TIMEOUT}. */
    public static final Duration ACQUIRE_TIMEOUT = JdbcEndpoint.ACQUIRE_TIMEOUT;

    private final EndpointCall call;
    private final R2dbcPool pool;

    private R2dbcEndpoint(EndpointCall call, R2dbcPool pool) {
        this.call = call;
        this.pool = pool;
    }

    /**
     * Prepares the run's database (over JDBC, once) and opens the pool {@code spec} sizes, its connections made.
     *
     * @throws SQLException when the database cannot be reached or prepared
     */
    public static R2dbcEndpoint open(EndpointSpec spec) throws SQLException {
        EndpointCall call = EndpointCall.open(spec);
        try {
            return new R2dbcEndpoint(call, new R2dbcPool(call.address(), spec.dbConnections(), ACQUIRE_TIMEOUT));
        } catch (RuntimeException e) {
            throw new SQLException("the connection pool did not open: " + e.getMessage(), e);
        }
    }

    /** One request's call: completes when it is done, or fails with why. */
    public Mono<Void> serve() {
        return Mono.defer(() -> {
            int key = call.nextKey();
            return Mono.usingWhen(pool.connection(), c -> call.call().run(c, key), pool::release);
        }).doOnSuccess(done -> call.completed());
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
