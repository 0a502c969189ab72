package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.process.ChildEnvironment;
import dev.loomlab.db.DbAddress;
import dev.loomlab.db.EmbeddedDatabase;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The database of a run whose plan needs one — a result whose scenario declares it needs one
 * ({@link dev.loomlab.core.scenario.MachineNeeds#database}: the db scenario always, the web scenario for its db
 * endpoints) — or of {@code loomlab serve} with a db endpoint: the user's, named by
 * {@code --db-url} and checked before any trial (bad input when it cannot be reached or refuses the login),
 * or an embedded PostgreSQL started for the run and stopped with it. Either way its address is handed to
 * every process started from then on (trial JVMs, and the servers they start).
 */
final class RunDatabase implements AutoCloseable {
    private final DbAddress address;
    private final EmbeddedDatabase embedded;
    private final AtomicBoolean closed = new AtomicBoolean();

    private RunDatabase(DbAddress address, EmbeddedDatabase embedded) {
        this.address = address;
        this.embedded = embedded;
    }

    /** Opens the database {@code plan} needs; nothing when it needs none and no {@code --db-url} was given. */
    static RunDatabase forPlan(List<PlannedResult> plan, String dbUrl, PrintStream log) throws IOException {
        return open(plan.stream().anyMatch(p -> p.machineNeeds().database()), dbUrl, log);
    }

    /**
     * Checks and hands on the database {@code dbUrl} names, else starts an embedded one when {@code needed},
     * logging where it listens.
     */
    static RunDatabase open(boolean needed, String dbUrl, PrintStream log) throws IOException {
        if (dbUrl != null) {
            DbAddress address = DbAddress.parse(dbUrl, ChildEnvironment.get(DbAddress.USER_VARIABLE).orElse("postgres"),
                    ChildEnvironment.get(DbAddress.PASSWORD_VARIABLE).orElse(""));
            check(address);
            address.handToChildren();
            return new RunDatabase(address, null);
        }
        if (!needed) {
            return new RunDatabase(null, null);
        }
        long started = System.nanoTime();
        log.print("starting PostgreSQL (embedded) … ");
        log.flush();
        EmbeddedDatabase db = EmbeddedDatabase.start();
        db.address().handToChildren();
        log.printf("ready at %s in %.1f s%n", db.address().jdbcUrl(), (System.nanoTime() - started) / 1e9);
        return new RunDatabase(db.address(), db);
    }

    /** Where the database is, when there is one. */
    Optional<DbAddress> address() {
        return Optional.ofNullable(address);
    }

    /** The embedded database, when this run started one. */
    Optional<EmbeddedDatabase> embedded() {
        return Optional.ofNullable(embedded);
    }

    /** Logs in once, so that a wrong URL or login is one line before any trial rather than a failed run. */
    private static void check(DbAddress address) {
        try (var c = DriverManager.getConnection(address.jdbcUrl(), address.user(), address.password())) {
            c.isValid(10);
        } catch (SQLException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new BadInputException("--db-url " + address.jdbcUrl() + ": cannot log in as " + address.user() + ": " + why);
        }
    }

    /** Stops handing the address on, and stops the embedded database; once, however often it is called. */
    @Override
    public void close() throws IOException {
        if (closed.getAndSet(true)) {
            return;
        }
        ChildEnvironment.remove(DbAddress.URL_VARIABLE);
        ChildEnvironment.remove(DbAddress.USER_VARIABLE);
        if (embedded != null) {
            embedded.close();
        }
    }
}
