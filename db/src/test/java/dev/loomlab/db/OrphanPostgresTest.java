package dev.loomlab.db;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A loomlab process killed with SIGKILL (no shutdown hook runs) leaves no PostgreSQL behind: the watchdog
 * stops it. The killed JVM is {@link HoldsADatabase}, which starts one and prints its server's pid.
 */
class OrphanPostgresTest {
    /** Generous: the watchdog looks every second and PostgreSQL's fast shutdown takes well under one. */
    private static final long GONE_WITHIN_S = 60;

    /** Starts an embedded database, prints its server's pid and data folder, and waits to be killed. */
    public static final class HoldsADatabase {
        public static void main(String[] args) throws Exception {
            EmbeddedDatabase db = EmbeddedDatabase.start();
            System.out.println("pid " + db.pid());
            System.out.flush();
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
        }
    }

    @Test
    void aKilledLoomlabLeavesNoPostgres() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process holder = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                HoldsADatabase.class.getName())).redirectErrorStream(true).start();
        long pid;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("pid "));
            assertThat(line).as("the holder printed its server's pid").isNotNull();
            pid = Long.parseLong(line.substring(4).trim());
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
            holder.destroyForcibly();
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            holder.destroyForcibly();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GONE_WITHIN_S);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .as("PostgreSQL %d still running %d s after the loomlab process that started it was killed", pid, GONE_WITHIN_S)
                .isFalse();
    }
}
