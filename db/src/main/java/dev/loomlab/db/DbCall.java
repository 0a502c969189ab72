package dev.loomlab.db;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One call of scenario {@code db} on a connection, over JDBC (blocking) or R2DBC (a Mono): its
 * {@link DbOp} with a user's key. A read that finds no row, or a write that inserts none, throws: the
 * call did not do what it is counted for.
 *
 * @param op        what the call does
 * @param sleepSecs the server-side wait of {@code slow}, s
 * @param batch     rows a {@code write-batch} call inserts in its one transaction
 */
record DbCall(DbOp op, double sleepSecs, int batch) {

    /** Runs the call for user {@code key} on {@code c}, committing what it wrote. */
    void run(java.sql.Connection c, int key) throws SQLException {
        switch (op) {
            case READ -> {
                try (PreparedStatement s = c.prepareStatement(op.jdbcSql())) {
                    s.setInt(1, key);
                    try (ResultSet r = s.executeQuery()) {
                        if (!r.next()) {
                            throw new SQLException("no user " + key);
                        }
                    }
                }
            }
            case SLOW -> {
                try (PreparedStatement s = c.prepareStatement(op.jdbcSql())) {
                    s.setDouble(1, sleepSecs);
                    s.executeQuery().close();
                }
            }
            case WRITE -> {
                try (PreparedStatement s = c.prepareStatement(op.jdbcSql())) {
                    s.setInt(1, key);
                    s.setLong(2, key);
                    if (s.executeUpdate() != 1) {
                        throw new SQLException("insert wrote no row");
                    }
                }
            }
            case WRITE_BATCH -> {
                c.setAutoCommit(false);
                try (PreparedStatement s = c.prepareStatement(op.jdbcSql())) {
                    for (int i = 0; i < batch; i++) {
                        s.setInt(1, key);
                        s.setLong(2, i);
                        s.addBatch();
                    }
                    s.executeBatch();
                    c.commit();
                } catch (SQLException | RuntimeException e) {
                    c.rollback();
                    throw e;
                } finally {
                    c.setAutoCommit(true);
                }
            }
        }
    }

    /** The call for user {@code key} on {@code c}, as a Mono that completes when it is done. */
    Mono<Void> run(Connection c, int key) {
        return switch (op) {
            case READ -> Flux.from(c.createStatement(op.r2dbcSql()).bind("$1", key).execute())
                    .flatMap(r -> r.map((row, meta) -> row.get(0, String.class)))
                    .count()
                    .flatMap(n -> n == 1 ? Mono.<Void>empty() : Mono.error(new IllegalStateException("no user " + key)));
            case SLOW -> Flux.from(c.createStatement(op.r2dbcSql()).bind("$1", sleepSecs).execute())
                    .flatMap(r -> r.map((row, meta) -> 1)).then();
            case WRITE -> Flux.from(c.createStatement(op.r2dbcSql()).bind("$1", key).bind("$2", (long) key).execute())
                    .flatMap(r -> r.getRowsUpdated()).reduce(0L, Long::sum)
                    .flatMap(n -> n == 1 ? Mono.<Void>empty() : Mono.error(new IllegalStateException("insert wrote " + n + " rows")));
            case WRITE_BATCH -> Mono.from(c.beginTransaction())
                    .thenMany(Flux.from(batch(c.createStatement(op.r2dbcSql()), key).execute()).flatMap(r -> r.getRowsUpdated()))
                    .then(Mono.from(c.commitTransaction()))
                    .onErrorResume(e -> Mono.from(c.rollbackTransaction()).then(Mono.error(e)));
        };
    }

    private Statement batch(Statement s, int key) {
        for (int i = 0; i < batch; i++) {
            s.bind("$1", key).bind("$2", (long) i);
            if (i < batch - 1) {
                s.add();
            }
        }
        return s;
    }
}
