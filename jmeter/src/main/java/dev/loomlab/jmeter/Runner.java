package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineLine;
import dev.loomlab.core.engine.EngineOutcome;
import dev.loomlab.core.engine.EngineSpec;
import dev.loomlab.core.engine.ProgressBeat;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.helpers.NOPLogger;

import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLException;

/**
 * One load run in this JVM: reads the spec, starts JMeter, builds the plan (one per remote engine, each with
 * its share of the load), checks that every remote engine answers, runs — here, or as the controller of the
 * remote engines — while it writes a progress line a second, stops at the end of the measured span, waits for
 * the requests still in flight (one timeout at most), and writes the outcome. Its stdout speaks
 * {@link EngineLine}: {@code refused} before anything was sent (exit 2), {@code ready} (then it waits for
 * {@code go} on stdin), {@code started}, {@code progress}, {@code failed} (exit 1), {@code done}.
 *
 * <p>Phases: {@code connecting} (closed model: until every user's thread runs here, or every remote engine has
 * answered once; at most the connect timeout and a few seconds), {@code warm-up}, {@code measuring},
 * {@code draining}. The closed model stops gracefully (each user finishes its request); the open model ends
 * when every scheduled arrival has been answered (its schedule's last pause is cut short).
 */
final class Runner {
    private static final long TICK_MS = 50;
    private static final long PROGRESS_MS = 1_000;
    /** How often a remote engine's registry is asked whether it still answers, and how many misses end the run. */
    private static final long WATCH_MS = 1_000;
    private static final int WATCH_MISSES = 2;
    /** The remote sample sender: every sample, without its body, sent back in batches as soon as it completes. */
    private static final String SENDER = "StrippedAsynch";
    /** The name a remote engine is bound under in its registry (RemoteJMeterEngineImpl's, not public). */
    private static final String ENGINE_NAME = "JMeterEngine";

    private final EngineSpec spec;
    private final Path outcomeFile;
    private final PrintStream out;
    private final List<String> remotes;
    private final int engines;
    private final long connectTimeoutMs;
    private final AtomicReference<String> broken = new AtomicReference<>();

    private Runner(EngineSpec spec, Path outcomeFile) {
        this.spec = spec;
        this.outcomeFile = outcomeFile;
        this.out = System.out;
        this.remotes = spec.remotes();
        this.engines = Math.max(1, remotes.size());
        this.connectTimeoutMs = Math.min(spec.timeoutNanos() / 1_000_000, 10_000);
    }

    /** Runs the spec in {@code specFile}; returns the exit code (0 done, 1 failed, 2 refused). */
    static int run(Path specFile, Path outcomeFile) {
        EngineSpec spec;
        try {
            spec = EngineSpec.read(specFile);
        } catch (Exception e) {
            System.out.println(EngineLine.of(EngineLine.REFUSED, "the engine's spec cannot be read: " + e.getMessage()));
            return 2;
        }
        return new Runner(spec, outcomeFile).run();
    }

    private int run() {
        boolean distributed = !remotes.isEmpty();
        int maxBody = spec.expectBody() == null ? 1024 : Math.max(1024, spec.expectBody().getBytes(StandardCharsets.UTF_8).length + 16);
        Properties props = Embedded.base(maxBody);
        try {
            if (distributed) {
                System.setProperty("java.rmi.server.hostname", spec.rmiHost());
                props.setProperty("mode", SENDER);
                props.setProperty("asynch.batch.queue.size", "20000");
                props.setProperty("client.tries", "1");
                // JMeter's sample listener (RemoteSampleListenerImpl) listens on client.rmi.localport + 2; 0: any free port
                props.setProperty("client.rmi.localport", Integer.toString(spec.rmiPort() == 0 ? 0 : spec.rmiPort() - 2));
                Embedded.rmi(props, spec.rmiKeystore());
            }
            Embedded.init(props);
            if (distributed && spec.rmiKeystore() == null) {
                BoundRmiSocketFactory.install(InetAddress.getByName(spec.rmiHost()));
            }
        } catch (Exception e) {
            return refuse("JMeter did not start: " + rootMessage(e));
        }

        Tally tally = new Tally(remotes);
        TallyListener listener = new TallyListener(tally, engines);
        long totalSeconds = (long) Math.ceil((connectTimeoutMs + 3_000 + (spec.warmupNanos() + spec.durationNanos()) / 1e6) / 1000) + 5;
        long pauseMs = spec.timeoutNanos() / 1_000_000 + 2_000;
        List<HashTree> trees = new ArrayList<>();
        long arrivals = 0;
        try {
            for (int i = 0; i < engines; i++) {
                if (spec.isOpen()) {
                    String schedule = PlanShape.schedule(PlanShape.segments(spec, Shares.rate(spec.rate(), engines, i)), pauseMs);
                    arrivals += Plans.arrivals(schedule);
                    trees.add(Plans.open(spec, schedule, i + 1, listener));
                } else {
                    trees.add(Plans.closed(spec, PlanShape.closed(spec, engines, i), totalSeconds, listener));
                }
            }
        } catch (RuntimeException e) {
            return refuse("the JMeter plan could not be built: " + e.getMessage());
        }

        List<JMeterEngine> running = new ArrayList<>();
        try {
            if (!distributed) {
                StandardJMeterEngine engine = new StandardJMeterEngine();
                engine.configure(trees.getFirst());
                running.add(engine);
            } else {
                Properties remoteProps = Embedded.base(maxBody);
                for (int i = 0; i < engines; i++) {
                    String address = remotes.get(i);
                    ClientJMeterEngine engine;
                    try {
                        engine = new ClientJMeterEngine(address);
                    } catch (Exception e) {
                        return refuse(lookupFailure(address, e));
                    }
                    engine.configure(trees.get(i));
                    engine.setProperties(remoteProps);
                    running.add(engine);
                }
            }
        } catch (RuntimeException e) {
            return refuse("the JMeter plan could not be configured: " + rootMessage(e));
        }

        out.println(EngineLine.of(EngineLine.READY, null));
        try {
            JmeterMain.awaitGo();
        } catch (InterruptedException e) {
            return refuse("interrupted before the load started");
        }
        long begin = System.currentTimeMillis();
        long testStartBefore = JMeterContextService.getTestStartTime();
        for (int i = 0; i < running.size(); i++) {
            try {
                running.get(i).runTest();
            } catch (Exception e) {
                stopAll(running.subList(0, i), true);
                String who = distributed ? "remote engine " + remotes.get(i) : "JMeter";
                return refuse(who + " did not start the test: " + rootMessage(e));
            }
        }
        out.println(EngineLine.of(EngineLine.STARTED, null));
        if (distributed) {
            watch(remotes);
        }

        try {
            return drive(tally, listener, running, begin, testStartBefore, arrivals);
        } catch (InterruptedException e) {
            stopAll(running, true);
            out.println(EngineLine.of(EngineLine.FAILED, "interrupted"));
            return 1;
        } catch (Broken e) {
            stopAll(running, true);
            out.println(EngineLine.of(EngineLine.FAILED, e.getMessage()));
            return 1;
        } catch (Exception e) {
            stopAll(running, true);
            out.println(EngineLine.of(EngineLine.FAILED, "the run broke off: " + rootMessage(e)));
            return 1;
        }
    }

    private int drive(Tally tally, TallyListener listener, List<JMeterEngine> running, long begin, long testStartBefore,
                      long arrivals) throws Exception {
        Progress progress = new Progress(tally, begin);
        int n = running.size();
        long warmupMs = Math.round(spec.warmupNanos() / 1e6);
        long durationMs = Math.round(spec.durationNanos() / 1e6);
        // Each engine's load starts on its own: the open model's schedule with its test, the closed model once its users
        // are in (every user's thread runs here, or a remote engine has answered once; at most one connect timeout and a
        // few seconds). Its measured span follows its own start.
        long[] spanStart = new long[n];
        long[] spanEnd = new long[n];
        boolean[] known = new boolean[n];
        boolean[] stopped = new boolean[n];
        long connectDeadline = begin + connectTimeoutMs + 3_000;
        while (true) {
            failIfBroken(running);
            long now = System.currentTimeMillis();
            boolean all = true;
            long firstStart = Long.MAX_VALUE;
            long lastEnd = 0;
            for (int e = 0; e < n; e++) {
                if (!known[e]) {
                    long t0 = loadStart(e, tally, listener, testStartBefore, begin, now >= connectDeadline);
                    if (t0 > 0) {
                        known[e] = true;
                        spanStart[e] = t0 + warmupMs;
                        spanEnd[e] = spanStart[e] + durationMs;
                        tally.span(e, spanStart[e], spanEnd[e]);
                    }
                }
                all &= known[e];
                if (known[e]) {
                    firstStart = Math.min(firstStart, spanStart[e]);
                    lastEnd = Math.max(lastEnd, spanEnd[e]);
                    if (!spec.isOpen() && !stopped[e] && now >= spanEnd[e]) {
                        // the closed model's users finish the request in flight and stop: none is sent after the span
                        stopQuietly(running.get(e), false);
                        stopped[e] = true;
                    }
                }
            }
            if ((all && now >= lastEnd) || listener.hasEnded()) {
                break;
            }
            progress.tick(!all ? "connecting" : now < firstStart ? "warm-up" : "measuring");
            Thread.sleep(TICK_MS);
        }
        long timeoutMs = spec.timeoutNanos() / 1_000_000;
        long drainDeadline = System.currentTimeMillis() + timeoutMs + 2_000;
        if (spec.isOpen()) {
            // Every arrival runs one request: once all have been counted, nothing is left in flight.
            while (System.currentTimeMillis() < drainDeadline && tally.samples() < arrivals && !listener.hasEnded()) {
                failIfBroken(running);
                progress.tick("draining");
                Thread.sleep(TICK_MS);
            }
            stopAll(running, true);
        } else {
            for (int e = 0; e < n; e++) {
                if (!stopped[e]) {
                    stopQuietly(running.get(e), false);
                }
            }
        }
        while (!listener.awaitEnd(TICK_MS)) {
            failIfBroken(running);
            progress.tick("draining");
            if (System.currentTimeMillis() > drainDeadline) {
                // a request that still has not ended: interrupt it (an error), then give the engines a few seconds
                stopAll(running, true);
                if (!listener.awaitEnd(5_000)) {
                    out.println("the test did not end within its timeout after the measured span; counted what ended");
                }
                break;
            }
        }
        progress.tick("draining");
        tally.examples().forEach((kind, example) -> out.println("jmeter: " + kind + " error, e.g. " + example));
        EngineOutcome outcome = tally.outcome("jmeter", Embedded.version(), durationMs * 1_000_000L,
                i -> spec.isOpen() ? 0 : Shares.users(spec.users(), engines, i),
                i -> spec.isOpen() ? Shares.rate(spec.rate(), engines, i) : 0);
        outcome.write(outcomeFile);
        if (!remotes.isEmpty()) {
            ClientJMeterEngine.tidyRMI(NOPLogger.NOP_LOGGER);
        }
        out.println(EngineLine.of(EngineLine.DONE, null));
        return 0;
    }

    /**
     * When engine {@code e}'s load started (epoch ms), or 0 while that is not known yet; {@code late}: the time to
     * connect is up, so now.
     */
    private long loadStart(int e, Tally tally, TallyListener listener, long testStartBefore, long begin, boolean late) {
        long now = System.currentTimeMillis();
        if (spec.isOpen()) {
            if (remotes.isEmpty()) {
                // JMeter's own test start time, once its engine has set it: the open model's schedule counts from it
                long start = JMeterContextService.getTestStartTime();
                return start != testStartBefore && start >= begin - 1_000 ? start : late ? now : 0;
            }
            Long started = listener.started(remotes.get(e));
            return started != null ? started : late ? now : 0;
        }
        if (remotes.isEmpty()) {
            return JMeterContextService.getNumberOfThreads() >= spec.users() || late ? now : 0;
        }
        return tally.seen(e) > 0 || late ? now : 0;
    }

    private static void stopQuietly(JMeterEngine engine, boolean now) {
        try {
            engine.stopTest(now);
        } catch (RuntimeException ignored) {
            // an engine that is gone has stopped
        }
    }

    /** Asks each remote engine's registry once a second whether the engine is still there; the second miss breaks the run. */
    private void watch(List<String> addresses) {
        Thread t = new Thread(() -> {
            int[] misses = new int[addresses.size()];
            while (broken.get() == null) {
                for (int i = 0; i < addresses.size(); i++) {
                    String address = addresses.get(i);
                    int colon = address.lastIndexOf(':');
                    try {
                        LocateRegistry.getRegistry(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)),
                                RmiUtils.createClientSocketFactory()).lookup(ENGINE_NAME);
                        misses[i] = 0;
                    } catch (Exception e) {
                        if (++misses[i] >= WATCH_MISSES) {
                            broken.compareAndSet(null, "remote engine " + address + " stopped answering during the run: "
                                    + rootMessage(e));
                        }
                    }
                }
                try {
                    Thread.sleep(WATCH_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "loomlab-remote-watch");
        t.setDaemon(true);
        t.start();
    }

    private void failIfBroken(List<JMeterEngine> running) {
        String why = broken.get();
        if (why != null) {
            throw new Broken(why);
        }
    }

    /** The run cannot go on (a remote engine went away): the reason is the whole message. */
    private static final class Broken extends RuntimeException {
        Broken(String message) {
            super(message, null, false, false);
        }
    }

    private static void stopAll(List<JMeterEngine> running, boolean now) {
        for (JMeterEngine e : running) {
            stopQuietly(e, now);
        }
    }

    /**
     * Why remote engine {@code address} could not be looked up. RMI over SSL on one side only, or two different keystores,
     * fail in the TLS handshake (or, from plain RMI, on an answer that is not RMI's) with a message that names neither:
     * these say so.
     */
    private String lookupFailure(String address, Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SSLException) {
                return "remote engine " + address + ": the TLS handshake failed (RMI over SSL needs the engine started with"
                        + " --rmi-keystore, the same keystore as here): " + rootMessage(e);
            }
        }
        String why = rootMessage(e);
        if (spec.rmiKeystore() == null && why.startsWith("non-JRMP server")) {
            return "remote engine " + address + " does not answer plain RMI: " + why + " (an engine started with --rmi-keystore"
                    + " needs --rmi-keystore here too)";
        }
        return "remote engine " + address + " does not answer: " + why;
    }

    private int refuse(String reason) {
        out.println(EngineLine.of(EngineLine.REFUSED, reason));
        return 2;
    }

    /**
     * What went wrong, in the words of the deepest cause (e.g. {@code Connection refused}): one line for a person, without
     * the exception's class or RMI's nested-exception text.
     */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m != null) {
            int nested = m.indexOf("; nested exception is");
            m = (nested >= 0 ? m.substring(0, nested) : m).strip();
        }
        if (m == null || m.isEmpty()) {
            String name = t.getClass().getSimpleName();
            m = (name.endsWith("Exception") ? name.substring(0, name.length() - "Exception".length()) : name) + " (no message)";
        }
        return m;
    }

    /** Writes a progress line once a second, counted from the start. */
    private final class Progress {
        private final Tally tally;
        private final long begin;
        private final ProgressBeat beat;

        Progress(Tally tally, long begin) {
            this.tally = tally;
            this.begin = begin;
            this.beat = new ProgressBeat(begin, PROGRESS_MS);
        }

        void tick(String phase) {
            long now = System.currentTimeMillis();
            if (!beat.due(now)) {
                return;
            }
            out.println(EngineLine.of(EngineLine.PROGRESS, tally.progress(now - begin, phase, spec.latencies()).format()));
        }
    }
}
