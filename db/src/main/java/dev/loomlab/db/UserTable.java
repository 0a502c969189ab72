package dev.loomlab.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;

/**
 * The scenario's schema: {@value #USERS} users (article 003's pool of users whose random choice defeats
 * caches) in {@code loomlab_users}, and {@code loomlab_writes}, where write calls insert. Created when
 * missing, seeded when it does not hold exactly the users it should; keys are drawn from a seeded
 * generator so that two runs make the same calls.
 */
public final class UserTable {
    /** Users in the table, ids 1 to this. */
    public static final int USERS = 10_000;

    private UserTable() {
    }

    /** Creates and seeds the tables of {@code address} unless they are already as they should be. */
    public static void prepare(DbAddress address) throws SQLException {
        try (Connection c = DriverManager.getConnection(address.jdbcUrl(), address.user(), address.password());
             Statement s = c.createStatement()) {
            s.execute("create table if not exists loomlab_users (id integer primary key, name text not null, "
                    + "email text not null, balance bigint not null)");
            s.execute("create table if not exists loomlab_writes (id bigserial primary key, user_id integer not null, "
                    + "amount bigint not null, at timestamptz not null default now())");
            try (ResultSet r = s.executeQuery("select count(*), coalesce(min(id), 0), coalesce(max(id), 0) from loomlab_users")) {
                r.next();
                if (r.getLong(1) == USERS && r.getInt(2) == 1 && r.getInt(3) == USERS) {
                    return;
                }
            }
            // Two trials may find the table empty at once: the lock makes the second wait and then re-seed the same rows.
            c.setAutoCommit(false);
            s.execute("lock table loomlab_users in exclusive mode");
            s.execute("delete from loomlab_users");
            s.execute("insert into loomlab_users (id, name, email, balance) select i, 'user-' || i, 'user-' || i || "
                    + "'@example.org', (i * 7919) % 100000 from generate_series(1, " + USERS + ") as i");
            c.commit();
        }
    }

    /** {@code count} user ids drawn at random (uniform over 1..{@value #USERS}) from {@code seed}. */
    public static int[] keys(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] keys = new int[count];
        for (int i = 0; i < count; i++) {
            keys[i] = 1 + random.nextInt(USERS);
        }
        return keys;
    }
}
