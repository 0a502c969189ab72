package dev.loomlab.example;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import javax.sql.DataSource;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The service's endpoints, each a {@code GET} with {@code ms} (0 to {@value #MAX_MS}) that answers 200 with a
 * short text once it has spent that long the way it names, or 400 when {@code ms} is not such a number
 * (500 when the database call fails):
 * <ul>
 *   <li>{@code /downstream?ms=100}: waits as a call to a slow downstream service would, by {@code Thread.sleep};</li>
 *   <li>{@code /db?ms=20}: {@code select pg_sleep(…)} on a connection from the HikariCP pool;</li>
 *   <li>{@code /pinned?ms=20}: sleeps holding one of {@value #STRIPES} monitors ({@code synchronized}), which
 *       pins a virtual thread to its carrier on JDK 21 (not on JDK 24 and later);</li>
 *   <li>{@code /cpu?ms=2}: computes (SHA-256 over and over) for that much of the thread's CPU time.</li>
 * </ul>
 * Everything runs on the request's thread, blocking it: a Tomcat pool thread, or a virtual thread with
 * {@code spring.threads.virtual.enabled=true}.
 */
@RestController
public class Endpoints {
    static final int MAX_MS = 10_000;
    static final int STRIPES = 64;
    private static final Pattern MS = Pattern.compile("\\d{1,5}");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Hashes between two readings of the clock: a few microseconds of work. */
    private static final int HASHES_PER_READING = 16;

    private final DataSource dataSource;
    private final Object[] locks = new Object[STRIPES];
    private final AtomicInteger nextLock = new AtomicInteger();

    public Endpoints(DataSource dataSource) {
        this.dataSource = dataSource;
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new Object();
        }
    }

    @GetMapping("/downstream")
    public ResponseEntity<String> downstream(@RequestParam(name = "ms", required = false) String ms) throws InterruptedException {
        int millis = parse(ms, 100);
        if (millis < 0) {
            return badMs();
        }
        Thread.sleep(millis);
        return ResponseEntity.ok("downstream " + millis + " ms\n");
    }

    @GetMapping("/db")
    public ResponseEntity<String> db(@RequestParam(name = "ms", required = false) String ms) throws SQLException {
        int millis = parse(ms, 20);
        if (millis < 0) {
            return badMs();
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("select pg_sleep(?)")) {
            s.setDouble(1, millis / 1000.0);
            s.execute();
        }
        return ResponseEntity.ok("db " + millis + " ms\n");
    }

    @GetMapping("/pinned")
    public ResponseEntity<String> pinned(@RequestParam(name = "ms", required = false) String ms) throws InterruptedException {
        int millis = parse(ms, 20);
        if (millis < 0) {
            return badMs();
        }
        // Round robin over the stripes: requests contend for a monitor only with more than 64 in flight.
        Object lock = locks[Math.floorMod(nextLock.getAndIncrement(), STRIPES)];
        synchronized (lock) {
            Thread.sleep(millis);
        }
        return ResponseEntity.ok("pinned " + millis + " ms\n");
    }

    @GetMapping("/cpu")
    public ResponseEntity<String> cpu(@RequestParam(name = "ms", required = false) String ms) {
        int millis = parse(ms, 2);
        if (millis < 0) {
            return badMs();
        }
        burn(TimeUnit.MILLISECONDS.toNanos(millis));
        return ResponseEntity.ok("cpu " + millis + " ms\n");
    }

    /**
     * Hashes until the calling thread's CPU time has grown by {@code nanos}. The JVM keeps no CPU time for a
     * virtual thread (-1), so there it counts elapsed time, which is CPU time too while the thread computes
     * without the OS taking its carrier away.
     */
    static void burn(long nanos) {
        boolean cpuClock = THREADS.getCurrentThreadCpuTime() >= 0;
        long start = now(cpuClock);
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] block = new byte[64];
        do {
            for (int i = 0; i < HASHES_PER_READING; i++) {
                // Each hash goes into the next, so none of them can be skipped.
                sha.update(block);
                System.arraycopy(sha.digest(), 0, block, 0, 32);
            }
        } while (now(cpuClock) - start < nanos);
    }

    private static long now(boolean cpuClock) {
        return cpuClock ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * {@code ms} as a number of milliseconds from 0 to {@value #MAX_MS}, {@code absent} when there is no
     * {@code ms}, or -1 when it is not such a number (an empty {@code ms=} included).
     */
    static int parse(String ms, int absent) {
        if (ms == null) {
            return absent;
        }
        if (!MS.matcher(ms).matches()) {
            return -1;
        }
        int millis = Integer.parseInt(ms);
        return millis <= MAX_MS ? millis : -1;
    }

    private static ResponseEntity<String> badMs() {
        return ResponseEntity.badRequest().body("ms must be a whole number of milliseconds from 0 to " + MAX_MS + "\n");
    }
}
