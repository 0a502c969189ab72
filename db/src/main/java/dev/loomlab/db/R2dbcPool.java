package dev.loomlab.db;

import dev.loomlab.core.server.DatabaseEndpoint.PoolState;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * r2dbc-pool over r2dbc-postgresql, fixed at {@code size} connections; the wait for a connection is timed
 * from subscription to the connection handed out.
 */
final class R2dbcPool extends ConnectionPool {
    private final io.r2dbc.pool.ConnectionPool pool;

    R2dbcPool(DbAddress address, int size, Duration acquireTimeout) {
        PostgresqlConnectionConfiguration.Builder connection = PostgresqlConnectionConfiguration.builder()
                .host(address.host()).port(address.port()).database(address.database()).username(address.user());
        if (!address.password().isEmpty()) {
            connection.password(address.password());
        }
        pool = new io.r2dbc.pool.ConnectionPool(ConnectionPoolConfiguration.builder(new PostgresqlConnectionFactory(connection.build()))
                .initialSize(size).maxSize(size).minIdle(size)
                .maxAcquireTime(acquireTimeout)
                .name("loomlab-db-r2dbc")
                .build());
        pool.warmup().block(Duration.ofMinutes(1));
    }

    /**
     * A connection from the pool; the wait for it is recorded, a wait beyond the timeout counted, and the connection
     * counted in the peaks until {@link #release} gives it back.
     */
    Mono<Connection> connection() {
        return Mono.defer(() -> {
            long asked = System.nanoTime();
            peaks.asked();
            return pool.create()
                    .doOnNext(c -> {
                        waits.acquired(System.nanoTime() - asked);
                        peaks.handedOut();
                    })
                    .doOnError(e -> {
                        peaks.gaveUp();
                        if (e instanceof java.util.concurrent.TimeoutException || e instanceof io.r2dbc.spi.R2dbcTimeoutException) {
                            waits.timedOut();
                        }
                    })
                    .doOnCancel(peaks::gaveUp);
        });
    }

    /** Gives back a connection {@link #connection} handed out. */
    Mono<Void> release(Connection c) {
        // Counted out before the pool has it back: once it has, another subscriber may be handed it at once.
        return Mono.defer(() -> {
            peaks.released();
            return Mono.from(c.close());
        });
    }

    @Override
    PoolState state() {
        return pool.getMetrics().map(m -> new PoolState(m.acquiredSize(), m.pendingAcquireSize(), m.getMaxAllocatedSize()))
                .orElse(new PoolState(0, 0, 0));
    }

    @Override
    int open() {
        return pool.getMetrics().map(m -> m.acquiredSize() + m.idleSize()).orElse(0);
    }

    @Override
    public void close() {
        pool.dispose();
    }
}
