package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.process.ChildProcess;
import dev.loomlab.load.capacity.UrlProbe;
import dev.loomlab.load.service.JmxSaturation;
import dev.loomlab.load.service.TcpSockets;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * A user's service that {@code loomlab assess} started for one measured block: its process, its output in a log of the
 * results folder, and the wait until every URL answers. {@link #close} kills it with every process it started; a service
 * still alive when loomlab exits, on an error or a signal, is killed then ({@link ChildProcess}).
 */
final class AppProcess implements AutoCloseable {
    /** How often the URLs are asked while the service starts. */
    private static final Duration POLL = Duration.ofMillis(250);
    /** How long one question to a starting service may take. */
    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(2);
    /** Lines of the service's log quoted when it fails to start. */
    private static final int TAIL_LINES = 8;
    /** How long the service may take to end once asked (its shutdown hooks write its recording), before it is killed. */
    private static final int STOP_GRACE_S = 20;
    private static final Duration STOP_GRACE = Duration.ofSeconds(STOP_GRACE_S);

    private final ChildProcess child;
    private final Path log;
    /** Its JVM's MBeans, once attached ({@link #mbeans}); closed with it. */
    private JmxSaturation attached;
    /** The process listening on the service's port, once looked for. */
    private OptionalLong listener;

    private AppProcess(ChildProcess child, Path log) {
        this.child = child;
        this.log = log;
    }

    /**
     * Refuses a URL whose port a process already listens on before the service is started: the load would measure that
     * process, and the service would not start.
     *
     * @throws BadInputException naming the port and, where {@code /proc} tells, the process
     */
    static void requireFree(List<URI> urls) {
        for (URI url : urls) {
            int port = port(url);
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(url.getHost(), port), 500);
            } catch (IOException free) {
                continue;
            }
            OptionalLong pid = TcpSockets.listener(port);
            throw new BadInputException("port " + port + " of " + url + " is already taken"
                    + (pid.isPresent() ? " by process " + pid.getAsLong() : "") + ": stop that process first (assess starts"
                    + " the service itself, for each arm)");
        }
    }

    /**
     * Starts {@code builder}'s command, its output to {@code log}, and waits until every URL answers with a 2xx; kills it
     * and says why when it exits first, a URL answers something else, or {@code startTimeout} passes.
     *
     * @throws StartFailure in one line, with the last lines of its log
     */
    static AppProcess start(ProcessBuilder builder, Path log, List<URI> urls, Duration startTimeout)
            throws IOException, InterruptedException, StartFailure {
        Files.createDirectories(log.getParent());
        builder.redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        ChildProcess child;
        try {
            child = ChildProcess.start(builder);
        } catch (IOException e) {
            throw new StartFailure("cannot start " + builder.command().getFirst() + ": " + e.getMessage());
        }
        AppProcess app = new AppProcess(child, log);
        try {
            app.awaitAnswers(urls, startTimeout);
            return app;
        } catch (StartFailure | InterruptedException | RuntimeException e) {
            app.close();
            throw e;
        }
    }

    private void awaitAnswers(List<URI> urls, Duration startTimeout) throws InterruptedException, StartFailure {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        for (URI url : urls) {
            while (true) {
                if (!child.isAlive()) {
                    throw new StartFailure("the service exited with code " + child.exitValue() + " before " + url
                            + " answered" + tail());
                }
                Integer status = ask(url);
                if (status != null && status / 100 == 2) {
                    break;
                }
                if (status != null) {
                    throw new StartFailure(url + " answered " + status + " once the service was up: check the URL" + tail());
                }
                if (System.nanoTime() > deadline) {
                    throw new StartFailure(url + " did not answer within " + startTimeout.toSeconds()
                            + " s of the service's start (--start-timeout)" + tail());
                }
                Thread.sleep(POLL);
            }
        }
    }

    /** The status {@code url} answers with; null while nothing answers (refused, timed out, closed as it starts). */
    private static Integer ask(URI url) throws InterruptedException {
        try {
            return UrlProbe.status(url, ASK_TIMEOUT);
        } catch (IOException notYet) {
            return null;
        }
    }

    /** {@code ; its log (…) ends: …} with the last lines, or nothing when it wrote none. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            if (lines.isEmpty()) {
                return "; it wrote nothing (" + log + ")";
            }
            List<String> last = lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size());
            return "; its log (" + log + ") ends: " + String.join(" | ", last.stream().map(String::strip).toList());
        } catch (IOException | java.io.UncheckedIOException e) {
            return "; its log: " + log;
        }
    }

    /**
     * The MBeans of the JVM {@code pid} (the process listening on the service's port: this process or one it started),
     * over local attach, attached once for this block.
     *
     * @throws IOException when that process cannot be attached to (not a JVM, attach disabled, another user's)
     */
    JmxSaturation mbeans(long pid) throws IOException {
        if (attached == null) {
            attached = JmxSaturation.attach(pid);
        }
        return attached;
    }

    /**
     * The process listening on {@code url}'s port, found once the service answers: the service's JVM, which may be a
     * process this one started. Empty when {@code /proc} does not tell.
     */
    OptionalLong listener(URI url) {
        if (listener == null) {
            listener = TcpSockets.listener(port(url));
        }
        return listener;
    }

    /**
     * Stops the service: asks it to end (SIGTERM, so that its JVM writes its recording), and kills it with every process
     * it started when it has not within {@value #STOP_GRACE_S} s.
     */
    @Override
    public void close() {
        if (attached != null) {
            attached.close();
        }
        child.stop(STOP_GRACE);
    }

    /** The URL's port, 80 when it names none. */
    static int port(URI url) {
        return url.getPort() > 0 ? url.getPort() : 80;
    }

    /** The service could not be started and answered; its message is one line. */
    static final class StartFailure extends Exception {
        StartFailure(String message) {
            super(message);
        }
    }
}
