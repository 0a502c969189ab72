package dev.loomlab.db;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.process.ChildEnvironment;

import java.net.URI;
import java.util.Locale;

/**
 * Where the database of a run is and who to log in as: a {@code jdbc:postgresql://host:port/database} URL,
 * a user and a password. A run hands the URL and user to its trials in {@value #URL_VARIABLE} and
 * {@value #USER_VARIABLE}; a password comes only from the environment ({@value #PASSWORD_VARIABLE}),
 * is never a parameter or a flag, and is written into no result or log.
 *
 * @param jdbcUrl  the JDBC URL, without credentials
 * @param host     its host
 * @param port     its port
 * @param database its database name
 * @param user     the user to log in as
 * @param password the password; empty for none (the embedded database trusts loopback)
 */
public record DbAddress(String jdbcUrl, String host, int port, String database, String user, String password) {
    /** The JDBC URL of the run's database, for trial JVMs and servers. */
    public static final String URL_VARIABLE = "LOOMLAB_DB_URL";
    /** The user to log in as (default {@value #DEFAULT_USER}). */
    public static final String USER_VARIABLE = "LOOMLAB_DB_USER";
    /** The password, read from the environment only. */
    public static final String PASSWORD_VARIABLE = "LOOMLAB_DB_PASSWORD";
    static final String DEFAULT_USER = "postgres";
    private static final String PREFIX = "jdbc:postgresql://";

    /**
     * A {@code jdbc:postgresql://host[:port]/database} URL with the user and password of the environment.
     *
     * @throws BadInputException for another kind of URL, or one that carries credentials or options
     */
    public static DbAddress parse(String jdbcUrl, String user, String password) {
        if (!jdbcUrl.startsWith(PREFIX)) {
            throw new BadInputException("--db-url " + jdbcUrl + ": expected jdbc:postgresql://HOST[:PORT]/DATABASE");
        }
        URI uri;
        try {
            uri = URI.create("postgresql://" + jdbcUrl.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--db-url: not a URL: " + e.getMessage());
        }
        String lower = jdbcUrl.toLowerCase(Locale.ROOT);
        if (uri.getRawQuery() != null || uri.getRawUserInfo() != null || lower.contains("password")) {
            throw new BadInputException("--db-url: give no user, password or options in the URL; set "
                    + USER_VARIABLE + " and " + PASSWORD_VARIABLE + " instead");
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        if (uri.getHost() == null || path.isEmpty() || path.contains("/")) {
            throw new BadInputException("--db-url " + jdbcUrl + ": expected jdbc:postgresql://HOST[:PORT]/DATABASE");
        }
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        return new DbAddress(PREFIX + uri.getHost() + ":" + port + "/" + path, uri.getHost(), port, path, user,
                password == null ? "" : password);
    }

    /** The database this trial's run hands it, from {@link ChildEnvironment}; empty when it handed none. */
    public static java.util.Optional<DbAddress> ofRun() {
        return ChildEnvironment.get(URL_VARIABLE).map(url -> parse(url,
                ChildEnvironment.get(USER_VARIABLE).orElse(DEFAULT_USER), ChildEnvironment.get(PASSWORD_VARIABLE).orElse("")));
    }

    /** Hands this address to every process started from now on (the password stays in the environment). */
    public void handToChildren() {
        ChildEnvironment.put(URL_VARIABLE, jdbcUrl);
        ChildEnvironment.put(USER_VARIABLE, user);
    }

    /** The URL and user; never the password. */
    @Override
    public String toString() {
        return jdbcUrl + " as " + user;
    }
}
