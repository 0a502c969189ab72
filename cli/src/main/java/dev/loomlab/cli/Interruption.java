package dev.loomlab.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM while a run is in progress. The first stops the run: every process loomlab
 * started is killed — and killed again every {@value #SWEEP_MS} ms, so that a trial JVM started at that
 * very moment cannot outlive the stop — while the main thread, released by its killed trial, keeps what
 * finished and renders it. A second signal, or a clean-up that takes longer than {@link #GRACE} (an
 * in-process trial cannot be killed), kills the children once more and halts at once. Either way the exit
 * code is 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM, as shells expect.
 */
final class Interruption implements AutoCloseable {
    private static final Duration GRACE = Duration.ofSeconds(20);
    private static final long SWEEP_MS = 200;
    private static final List<String> SIGNALS = List.of("INT", "TERM");

    private final PrintStream err;
    private final List<Signal> installed = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile int exitCode;
    private volatile String signalName;
    private volatile boolean sweeping = true;
    private volatile Thread interrupted;
    private Thread sweeper;

    private Interruption(PrintStream err) {
        this.err = err;
    }

    /**
     * Takes over SIGINT and SIGTERM until {@link #close}. Where the JVM does not let it (e.g. run with
     * {@code -Xrs}), the JVM's own handling stays, and the run's shutdown hook keeps what finished.
     */
    static Interruption install(PrintStream err) {
        Interruption interruption = new Interruption(err);
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                interruption.previous.add(Signal.handle(signal, interruption::handle));
                interruption.installed.add(signal);
            } catch (IllegalArgumentException | UnsupportedOperationException notAllowed) {
                // the JVM keeps this signal for itself
            }
        }
        return interruption;
    }

    /**
     * Has a signal also interrupt {@code thread}: for a run whose work is in this JVM (a load against a service it
     * started), which no killed child would release.
     */
    void interruptOnStop(Thread thread) {
        interrupted = thread;
    }

    /** True once a signal asked the run to stop. */
    boolean requested() {
        return exitCode != 0;
    }

    /** 128 + the signal's number; 0 when none came. */
    int exitCode() {
        return exitCode;
    }

    /** The signal that stopped the run, e.g. {@code SIGINT}; null when none came. */
    String signalName() {
        return signalName;
    }

    private synchronized void handle(Signal signal) {
        if (exitCode != 0) {
            err.println("\nloomlab: SIG" + signal.getName() + " again: stopping at once");
            killChildren();
            Runtime.getRuntime().halt(exitCode);
        }
        exitCode = 128 + signal.getNumber();
        signalName = "SIG" + signal.getName();
        err.println("\nloomlab: " + signalName + ": stopping the run, keeping what finished (again to quit at once)");
        killChildren();
        if (interrupted != null) {
            interrupted.interrupt();
        }
        sweeper = new Thread(this::sweep, "loomlab-stop");
        sweeper.setDaemon(true);
        sweeper.start();
    }

    private void sweep() {
        long deadline = System.nanoTime() + GRACE.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(SWEEP_MS);
                if (sweeping) {
                    killChildren();
                }
            }
        } catch (InterruptedException cleanedUp) {
            return;
        }
        err.println("loomlab: the run did not stop within " + GRACE.toSeconds() + " s; quitting; results.jsonl holds "
                + "every finished result");
        killChildren();
        Runtime.getRuntime().halt(exitCode);
    }

    /** Kills every process this JVM started, and theirs. */
    static void killChildren() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * The main thread has stopped running trials and keeps what finished: no more sweeping (its clean-up
     * may run a command of its own, e.g. {@code git} for summary.json); the grace period still holds.
     */
    synchronized void cleaningUp() {
        sweeping = false;
        // no interrupt after this: the clean-up writes files, which an interrupt would close under it
        interrupted = null;
    }

    /**
     * Runs {@code write} with no interrupt of {@link #interruptOnStop} landing in it (a signal waits until it is done):
     * a file channel an interrupt reaches is closed, and the result being written lost.
     */
    synchronized void uninterrupted(IoAction write) throws java.io.IOException {
        boolean was = Thread.interrupted();
        try {
            write.run();
        } finally {
            if (was) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A write that may fail. */
    interface IoAction {
        void run() throws java.io.IOException;
    }

    /** Gives the signals back to the JVM and ends the sweeping; the run is cleaned up. */
    @Override
    public synchronized void close() {
        for (int i = 0; i < installed.size(); i++) {
            Signal.handle(installed.get(i), previous.get(i));
        }
        installed.clear();
        if (sweeper != null) {
            sweeper.interrupt();
        }
    }
}
