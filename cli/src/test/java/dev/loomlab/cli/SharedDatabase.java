package dev.loomlab.cli;

import dev.loomlab.db.DbAddress;
import dev.loomlab.db.EmbeddedDatabase;
import dev.loomlab.db.UserTable;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.DriverManager;
import java.sql.ResultSet;

/**
 * One PostgreSQL for every test in this test JVM that names a database of its own ({@code --db-url}): started on
 * first use with its tables prepared, stopped when the JVM ends (and by its watchdog should the JVM be killed).
 * A test that counts rows counts what its own run added, since other tests write into the same tables. As an
 * extension ({@code @ExtendWith(SharedDatabase.class)}) it is started before the class's first test, so that its tables
 * exist before the first count and the servers under test find them as they should be.
 */
final class SharedDatabase implements BeforeAllCallback {
    private static EmbeddedDatabase database;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        get();
    }

    static DbAddress address() throws Exception {
        return get().address();
    }

    /** The number a {@code select count(*) …} query answers in the shared database. */
    static long count(String sql) throws Exception {
        DbAddress a = address();
        try (var c = DriverManager.getConnection(a.jdbcUrl(), a.user(), a.password()); var s = c.createStatement();
             ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    static synchronized EmbeddedDatabase get() throws Exception {
        if (database == null) {
            EmbeddedDatabase started = EmbeddedDatabase.start();
            UserTable.prepare(started.address());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (Exception ignored) {
                    // the JVM is ending: the watchdog stops the server if this could not
                }
            }, "shared-database-stop"));
            database = started;
        }
        return database;
    }
}
