package dev.loomlab.cli;

import dev.loomlab.db.EmbeddedDatabase;
import dev.loomlab.db.UserTable;

/**
 * One PostgreSQL for every test in this test JVM that names a database of its own ({@code --db-url}): started on
 * first use with its tables prepared, stopped when the JVM ends (and by its watchdog should the JVM be killed).
 * A test that counts rows counts what its own run added, since other tests write into the same tables.
 */
final class SharedDatabase {
    private static EmbeddedDatabase database;

    private SharedDatabase() {
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
