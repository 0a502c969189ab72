package dev.loomlab.db;

import dev.loomlab.core.server.Endpoint;
import dev.loomlab.core.server.EndpointSpec;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one request of a db endpoint does in a server under test, whatever its driver: the {@link DbCall}
 * of its kind ({@code db} reads, {@code db-write} writes a row, {@code db-write-batch} writes {@code batch}
 * rows in one transaction, {@code db-write-buffered} hands one row to a {@link WriteBuffer}, {@code db-sleep} waits {@code db-latency} in the database) for the next user of a seeded sequence ({@link UserTable#keys}, cycled), against
 * the database the run hands the server ({@link DbAddress#ofRun}), whose tables are prepared when the
 * endpoint opens — before the server announces itself ready. Counts the calls that completed.
 */
final class EndpointCall {
    /** Keys drawn before cycling: more than the users, so that every user recurs in a shuffled order. */
    static final int KEYS = 1 << 16;
    /** The seed of the keys, as the db scenario's default: the same users in the same order every run. */
    static final long SEED = 1;

    private final DbAddress address;
    private final DbCall call;
    private final int[] keys = UserTable.keys(KEYS, SEED);
    private final AtomicLong next = new AtomicLong();
    private final LongAdder completed = new LongAdder();

    private final WriteBuffer buffer;

    private EndpointCall(DbAddress address, DbCall call, WriteBuffer buffer) {
        this.address = address;
        this.call = call;
        this.buffer = buffer;
    }

    /**
     * The call of {@code spec}'s kind, its tables prepared.
     *
     * @throws IllegalArgumentException for a kind that uses no database
     * @throws IllegalStateException    when no database was handed to this process
     * @throws SQLException             when the tables cannot be prepared
     */
    static EndpointCall open(EndpointSpec spec) throws SQLException {
        DbOp op = switch (spec.kind()) {
            case DB -> DbOp.READ;
            case DB_WRITE, DB_WRITE_BUFFERED -> DbOp.WRITE;
            case DB_WRITE_BATCH -> DbOp.WRITE_BATCH;
            case DB_SLEEP -> DbOp.SLOW;
            default -> throw new IllegalArgumentException("endpoint=" + spec.kind().word() + " uses no database");
        };
        DbAddress address = DbAddress.ofRun().orElseThrow(() -> new IllegalStateException("endpoint="
                + spec.kind().word() + " needs a database: loomlab run and loomlab serve hand it in " + DbAddress.URL_VARIABLE));
        UserTable.prepare(address);
        return new EndpointCall(address, new DbCall(op, spec.dbLatencyNanos() / 1e9, spec.batch()),
                spec.kind() == Endpoint.DB_WRITE_BUFFERED ? new WriteBuffer(address) : null);
    }

    /** The write buffer a {@code db-write-buffered} request hands its row to; null for the other kinds. */
    WriteBuffer buffer() {
        return buffer;
    }

    /** Stops the write buffer, if any. */
    void close() {
        if (buffer != null) {
            buffer.close();
        }
    }

    DbAddress address() {
        return address;
    }

    DbCall call() {
        return call;
    }

    /** The user of the next request. */
    int nextKey() {
        return keys[(int) Math.floorMod(next.getAndIncrement(), (long) KEYS)];
    }

    void completed() {
        completed.increment();
    }

    long calls() {
        return completed.sum();
    }

    void reset() {
        completed.reset();
    }
}
