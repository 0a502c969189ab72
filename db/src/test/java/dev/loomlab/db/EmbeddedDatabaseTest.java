package dev.loomlab.db;

import org.junit.jupiter.api.Test;

import java.sql.DriverManager;
import java.sql.ResultSet;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddedDatabaseTest {

    @Test
    void startsOnLoopbackAnswersQueriesAndIsGoneWhenClosed() throws Exception {
        long pid;
        try (EmbeddedDatabase db = EmbeddedDatabase.start()) {
            DbAddress a = db.address();
            assertThat(a.host()).isEqualTo("127.0.0.1");
            assertThat(a.database()).isEqualTo(EmbeddedDatabase.DATABASE);
            pid = db.pid();
            assertThat(ProcessHandle.of(pid)).isPresent();
            try (var c = DriverManager.getConnection(a.jdbcUrl(), a.user(), a.password());
                 var s = c.createStatement(); ResultSet r = s.executeQuery("select current_database(), inet_server_addr()::text")) {
                assertThat(r.next()).isTrue();
                assertThat(r.getString(1)).isEqualTo(EmbeddedDatabase.DATABASE);
                assertThat(r.getString(2)).startsWith("127.0.0.1");
            }
            try (var c = DriverManager.getConnection(a.jdbcUrl(), a.user(), a.password());
                 var s = c.createStatement(); ResultSet r = s.executeQuery("show synchronous_commit")) {
                r.next();
                assertThat(r.getString(1)).as("commits wait for their WAL, as PostgreSQL's default").isEqualTo("on");
            }
            try (var c = DriverManager.getConnection(a.jdbcUrl(), a.user(), a.password());
                 var s = c.createStatement(); ResultSet r = s.executeQuery("show fsync")) {
                r.next();
                assertThat(r.getString(1)).as("the WAL is flushed to the disk, as PostgreSQL's default").isEqualTo("on");
            }
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }
}
