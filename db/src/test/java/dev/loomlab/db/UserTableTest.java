package dev.loomlab.db;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class UserTableTest {
    private static EmbeddedDatabase db;

    @BeforeAll
    static void start() throws Exception {
        db = EmbeddedDatabase.start();
    }

    @AfterAll
    static void stop() throws Exception {
        db.close();
    }

    private static long count(String sql) throws Exception {
        DbAddress a = db.address();
        try (var c = DriverManager.getConnection(a.jdbcUrl(), a.user(), a.password()); var s = c.createStatement();
             ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    @Test
    void seedsTenThousandUsersOnceAndRepairsATableThatIsNotRight() throws Exception {
        UserTable.prepare(db.address());
        assertThat(count("select count(*) from loomlab_users")).isEqualTo(10_000);
        assertThat(count("select count(distinct id) from loomlab_users where id between 1 and 10000")).isEqualTo(10_000);
        // A second prepare keeps the rows it finds right: their system column xmin (the inserting transaction) stays.
        long xmin = count("select xmin::text::bigint from loomlab_users where id = 1");
        UserTable.prepare(db.address());
        assertThat(count("select xmin::text::bigint from loomlab_users where id = 1")).isEqualTo(xmin);
        DbAddress a = db.address();
        try (var c = DriverManager.getConnection(a.jdbcUrl(), a.user(), a.password()); var s = c.createStatement()) {
            s.execute("delete from loomlab_users where id > 9000");
        }
        UserTable.prepare(db.address());
        assertThat(count("select count(*) from loomlab_users")).isEqualTo(10_000);
    }

    @Test
    void keysRepeatForASeedAndStayAmongTheUsers() {
        int[] a = UserTable.keys(5_000, 7);
        assertThat(UserTable.keys(5_000, 7)).isEqualTo(a);
        assertThat(UserTable.keys(5_000, 8)).isNotEqualTo(a);
        assertThat(Arrays.stream(a).min().orElseThrow()).isGreaterThanOrEqualTo(1);
        assertThat(Arrays.stream(a).max().orElseThrow()).isLessThanOrEqualTo(UserTable.USERS);
        // 5,000 draws among 10,000 users: far more than a handful of distinct keys (about 3,900 expected).
        assertThat(Arrays.stream(a).distinct().count()).isGreaterThan(3_000);
    }
}
