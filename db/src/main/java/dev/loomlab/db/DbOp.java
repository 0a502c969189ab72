package dev.loomlab.db;

import dev.loomlab.core.param.Choice;

/**
 * What one call of scenario {@code db} does: {@code read} a random user by primary key, wait on the server
 * ({@code slow}: {@code pg_sleep(latency)}), insert one row committed on its own ({@code write}), or insert
 * {@code batch} rows in one transaction ({@code write-batch}, article 003's second write strategy).
 */
public enum DbOp implements Choice {
    READ("select name, email, balance from loomlab_users where id = $1"),
    SLOW("select pg_sleep($1)"),
    WRITE("insert into loomlab_writes (user_id, amount) values ($1, $2)"),
    WRITE_BATCH("insert into loomlab_writes (user_id, amount) values ($1, $2)");

    private final String sql;

    DbOp(String sql) {
        this.sql = sql;
    }

    /** The statement in R2DBC's PostgreSQL form ({@code $1} placeholders). */
    public String r2dbcSql() {
        return sql;
    }

    /** The statement in JDBC's form ({@code ?} placeholders). */
    public String jdbcSql() {
        return sql.replaceAll("\\$\\d", "?");
    }

    /** Rows one call writes: 0, 1, or {@code batch}. */
    public int rowsWritten(int batch) {
        return switch (this) {
            case READ, SLOW -> 0;
            case WRITE -> 1;
            case WRITE_BATCH -> batch;
        };
    }
}
