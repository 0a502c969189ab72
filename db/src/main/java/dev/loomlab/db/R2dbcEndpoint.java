package dev.loomlab.db;

import dev.loomlab.core.server.EndpointSpec;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.sql.SQLException;

/**
 * A db endpoint over R2DBC (r2dbc-postgresql with r2dbc-pool), for a reactive server (WebFlux): a request
 * is a Mono that borrows one of the pool's {@code db-connections} (waiting at most
 * {@link #ACQUIRE_TIMEOUT}), makes its call, which commits what it wrote, and hands the connection back;
 * no thread blocks.
 */
public final class R2dbcEndpoint extends PooledEndpoint<R2dbcPool> {
    private R2dbcEndpoint(EndpointSpec spec) throws SQLException {
        super(spec, R2dbcPool::new);
    }

    /**
     * Prepares the run's database (over JDBC, once) and opens the pool {@code spec} sizes, its connections made.
     *
     * @throws SQLException when the database cannot be reached or prepared
     */
    public static R2dbcEndpoint open(EndpointSpec spec) throws SQLException {
        return new R2dbcEndpoint(spec);
    }

    /** One request's call: completes when it is done, or fails with why. */
    public Mono<Void> serve() {
        return Mono.defer(() -> {
            int key = call.nextKey();
            if (call.buffer() != null) {
                // off the writer's thread: it completes up to 1,024 rows at once, and has the next flush to make
                return Mono.fromFuture(call.buffer().write(key)).publishOn(Schedulers.parallel());
            }
            return Mono.usingWhen(pool.connection(), c -> call.call().run(c, key), pool::release);
        }).doOnSuccess(done -> call.completed());
    }
}
