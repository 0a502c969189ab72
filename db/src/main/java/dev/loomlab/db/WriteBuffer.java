package dev.loomlab.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Article 003's batch write: a buffer in front of the store. A request hands its row over ({@link #write}) and is
 * answered once the row is committed; one writer thread, on a connection of its own, inserts what has queued in one
 * transaction every {@link #FLUSH_EVERY} after the first row that waits, or as soon as {@link #FLUSH_ROWS} wait. A row
 * that finds {@link #CAPACITY} rows waiting is refused at once, and a flush that fails fails each of its rows: an error
 * a load counts, never a row reported written that was not.
 */
final class WriteBuffer implements AutoCloseable {
    static final Duration FLUSH_EVERY = Duration.ofMillis(200);
    static final int FLUSH_ROWS = 1024;
    /** The rows that may wait: about a second of the article's 97,500 rows/s. */
    static final int CAPACITY = 100_000;

    private record Row(int key, CompletableFuture<Void> done) {
    }

    private final DbAddress address;
    private final BlockingQueue<Row> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Thread writer;
    private volatile boolean closed;
    private Connection connection;

    WriteBuffer(DbAddress address) {
        this.address = address;
        this.writer = Thread.ofPlatform().daemon().name("loomlab-db-write-buffer").start(this::writeLoop);
    }

    /** Hands user {@code key}'s row over: completes when it is committed, or fails with why. */
    CompletableFuture<Void> write(int key) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (closed || !queue.offer(new Row(key, done))) {
            done.completeExceptionally(new SQLException(closed ? "the write buffer is closed"
                    : "the write buffer is full (" + CAPACITY + " rows wait)"));
        }
        return done;
    }

    private void writeLoop() {
        List<Row> batch = new ArrayList<>(FLUSH_ROWS);
        try {
            while (!closed) {
                Row first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                long deadline = System.nanoTime() + FLUSH_EVERY.toNanos();
                while (batch.size() < FLUSH_ROWS) {
                    long left = deadline - System.nanoTime();
                    Row next = left <= 0 ? queue.poll() : queue.poll(left, TimeUnit.NANOSECONDS);
                    if (next == null) {
                        if (left <= 0) {
                            break;
                        }
                        continue;
                    }
                    batch.add(next);
                }
                flush(batch);
                batch.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closed = true;
            failWaiting(batch);
        }
    }

    /** Fails {@code rows} and every row still queued: the writer has stopped. */
    private void failWaiting(List<Row> rows) {
        SQLException gone = new SQLException("the write buffer closed before the row was written");
        rows.forEach(r -> r.done.completeExceptionally(gone));
        for (Row r = queue.poll(); r != null; r = queue.poll()) {
            r.done.completeExceptionally(gone);
        }
    }

    /** Inserts {@code rows} in one transaction and completes each; a failure fails each, and the next flush reconnects. */
    private void flush(List<Row> rows) {
        try {
            Connection c = connection();
            try (PreparedStatement s = c.prepareStatement(DbOp.WRITE.jdbcSql())) {
                for (Row r : rows) {
                    s.setInt(1, r.key);
                    s.setLong(2, r.key);
                    s.addBatch();
                }
                s.executeBatch();
                c.commit();
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
            rows.forEach(r -> r.done.complete(null));
        } catch (SQLException | RuntimeException e) {
            closeQuietly();
            rows.forEach(r -> r.done.completeExceptionally(e));
        }
    }

    private Connection connection() throws SQLException {
        if (connection == null) {
            connection = DriverManager.getConnection(address.jdbcUrl(), address.user(), address.password());
            connection.setAutoCommit(false);
        }
        return connection;
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is closed next
        }
    }

    private void closeQuietly() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // it is replaced anyway
            }
            connection = null;
        }
    }

    @Override
    public void close() {
        closed = true;
        writer.interrupt();
        try {
            writer.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // a row handed over while the writer stopped
        failWaiting(List.of());
        closeQuietly();
    }
}
