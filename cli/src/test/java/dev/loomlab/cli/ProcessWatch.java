package dev.loomlab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Watches this JVM's descendants whose command line names {@code marker} (a main class) while a run
 * goes on in the background, every 50 ms: remembers each one seen, so a test can fault the live one
 * and afterwards check that none outlived the run — even one whose parent, a trial JVM, is gone.
 */
final class ProcessWatch implements AutoCloseable {
    private static final long POLL_MS = 50;

    private final String marker;
    private final Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean running = true;

    ProcessWatch(String marker) {
        this.marker = marker;
        this.thread = Thread.ofPlatform().daemon().name("process-watch").start(() -> {
            while (running) {
                poll();
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    private void poll() {
        ProcessHandle.current().descendants()
                .filter(p -> commandLine(p).contains(marker))
                .forEach(seen::add);
    }

    /**
     * The whole command line: {@code ProcessHandle.Info} cuts it at 4096 characters on Linux, before the
     * main class of a JVM with a test class path; {@code /proc/<pid>/cmdline} has it all.
     */
    private static String commandLine(ProcessHandle p) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException e) {
            return p.info().commandLine().orElse("");
        }
    }

    /** The one live process named so, waiting for it at most {@code limit}. */
    ProcessHandle awaitLive(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            poll();
            Optional<ProcessHandle> live = seen.stream().filter(ProcessHandle::isAlive).findFirst();
            if (live.isPresent()) {
                return live.get();
            }
            Thread.sleep(POLL_MS);
        }
        throw new AssertionError("no live process running " + marker + " within " + limit);
    }

    /** Kills the one live process named so (SIGKILL) and waits for it to end: at most {@code limit} for each. */
    ProcessHandle killLive(Duration limit) throws Exception {
        ProcessHandle live = awaitLive(limit);
        if (!live.destroyForcibly()) {
            throw new AssertionError("could not kill " + live.pid() + " running " + marker);
        }
        live.onExit().get(limit.toMillis(), TimeUnit.MILLISECONDS);
        return live;
    }

    /** How many processes named so were seen. */
    int seen() {
        return seen.size();
    }

    /** Those seen that are still alive. */
    List<ProcessHandle> alive() {
        return seen.stream().filter(ProcessHandle::isAlive).toList();
    }

    /** Those seen that are still alive once they have all ended or {@code limit} has passed. */
    List<ProcessHandle> aliveAfter(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!alive().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(POLL_MS);
        }
        return alive();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join();
    }
}
