package dev.loomlab.core.server;

import java.sql.SQLException;

/**
 * The endpoint kinds done on the request's own thread, for the servers that give each request one (Spring MVC,
 * Helidon, the JDK's server): {@code Thread.sleep}s the delay, computes ({@link CpuWork}), retains
 * ({@link UserCache}), or makes the db call, blocking that thread while it waits. The server reads the delay
 * and writes the answer.
 */
public final class BlockingEndpoint {
    private BlockingEndpoint() {
    }

    /**
     * Does one request of {@code endpoint}'s kind on the calling thread.
     *
     * @param delayMillis the request's delay (the sleep endpoint's wait), ms
     * @throws InterruptedException when the sleep is interrupted
     * @throws SQLException         when the db call fails
     */
    public static void serve(ServedEndpoint<? extends DatabaseEndpoint.Blocking> endpoint, long delayMillis)
            throws InterruptedException, SQLException {
        switch (endpoint.spec().kind()) {
            case SLEEP -> {
                if (delayMillis > 0) {
                    Thread.sleep(delayMillis);
                }
            }
            case CPU -> CpuWork.spend(endpoint.spec().workNanos());
            case MEMORY -> endpoint.cache().retainRandomUser();
            case DB, DB_WRITE, DB_WRITE_BATCH, DB_WRITE_BUFFERED, DB_SLEEP -> endpoint.db().serve();
        }
    }
}
