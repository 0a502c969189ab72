package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.process.ChildEnvironment;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.db.DbAddress;
import dev.loomlab.db.EmbeddedDatabase;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The database of a run whose plan has a scenario that needs one ({@link Trait#DATABASE}): the user's,
 * named by {@code --db-url} and checked before any trial (bad input when it cannot be reached or refuses
 * the login), or an embedded PostgreSQL started for the run and stopped with it. Either way its address is
 * handed to every trial JVM.
 */
final class RunDatabase implements AutoCloseable {
    private final EmbeddedDatabase embedded;

    private RunDatabase(EmbeddedDatabase embedded) {
        this.embedded = embedded;
    }

    /** Opens the database {@code plan} needs; nothing when it needs none and no {@code --db-url} was given. */
    static RunDatabase forPlan(List<PlannedResult> plan, String dbUrl, PrintStream log) throws IOException {
        boolean needed = plan.stream().anyMatch(p -> p.scenario().has(Trait.DATABASE));
        if (dbUrl != null) {
            DbAddress address = DbAddress.parse(dbUrl, ChildEnvironment.get(DbAddress.USER_VARIABLE).orElse("postgres"),
                    ChildEnvironment.get(DbAddress.PASSWORD_VARIABLE).orElse(""));
            check(address);
            address.handToChildren();
            return new RunDatabase(null);
        }
        if (!needed) {
            return new RunDatabase(null);
        }
        long started = System.nanoTime();
        log.print("starting PostgreSQL (embedded) … ");
        log.flush();
        EmbeddedDatabase db = EmbeddedDatabase.start();
        db.address().handToChildren();
        log.printf("ready at %s in %.1f s%n", db.address().jdbcUrl(), (System.nanoTime() - started) / 1e9);
        return new RunDatabase(db);
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

    @Override
    public void close() throws IOException {
        ChildEnvironment.remove(DbAddress.URL_VARIABLE);
        ChildEnvironment.remove(DbAddress.USER_VARIABLE);
        if (embedded != null) {
            embedded.close();
        }
    }
}
