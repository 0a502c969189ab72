package dev.loomlab.core.server;

import dev.loomlab.core.param.Choice;

/**
 * What a server under test does for each {@code GET /get} before it answers {@code ok} — article 003's
 * workload types ({@code -p endpoint=…} of the web scenario and of {@code loomlab serve}). Each server
 * switches over every constant in its own idiom, so a new kind is one new case per server.
 */
public enum Endpoint implements Choice {
    /** Waits the delay without computing: article 004's endpoint, the default. */
    SLEEP,
    /** Computes for a given CPU time of the serving thread ({@link CpuWork}). */
    CPU,
    /** Allocates a random user's data and retains it in the server's bounded cache ({@link UserCache}). */
    MEMORY,
    /** Reads a random user by primary key from the run's database, through the server's connection pool. */
    DB,
    /** Inserts one row into the run's database, committed on its own. */
    DB_WRITE,
    /** Inserts {@code batch} rows into the run's database in one transaction: article 003's second write strategy. */
    DB_WRITE_BATCH,
    /**
     * Inserts one row through the server's write buffer, answered once it is committed: one writer inserts what has
     * queued in one transaction every 200 ms or 1,024 rows, article 003's batch in front of the store.
     */
    DB_WRITE_BUFFERED,
    /**
     * Waits in the run's database ({@code select pg_sleep(db-latency)}), holding one of the server's pool's
     * connections for that long: a service whose capacity is its pool over the wait.
     */
    DB_SLEEP;

    /** Whether a server answering this kind needs the run's database. */
    public boolean usesDatabase() {
        return this == DB || this == DB_WRITE || this == DB_WRITE_BATCH || this == DB_WRITE_BUFFERED
                || this == DB_SLEEP;
    }
}
