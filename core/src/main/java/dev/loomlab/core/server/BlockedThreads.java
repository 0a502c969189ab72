package dev.loomlab.core.server;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the times a server thread that must not block did, for {@link #THRESHOLD} or longer: an event loop
 * ({@link #mustNotBlock} registers the calling thread as one) that parked, slept, waited on a monitor, or read or wrote
 * a file; or a carrier held by a virtual thread that blocked while pinned to it
 * ({@code jdk.VirtualThreadPinned}; not the JDK's own pollers). A park to take a held lock is contention, not counted.
 * Read in this JVM from a JFR stream, so an event is counted up to a second or so after
 * it happened: one in the last second before a stats request may be counted in no span. The first frame outside the JDK of each new place is printed once to standard error, which the trial log
 * keeps. The loop events are recorded only when asked ({@code loops}): on a server whose requests sleep on virtual threads
 * they would fire for every request.
 */
public final class BlockedThreads implements AutoCloseable {
    /** The system property that turns the watch on in a server ({@code true}); off, nothing is counted. */
    public static final String PROPERTY = "loomlab.watch-blocks";
    /** How long a block must last to count: shorter ones are contention a loop can afford. */
    public static final Duration THRESHOLD = Duration.ofMillis(1);
    static final String PINNED = "jdk.VirtualThreadPinned";
    /** Frames outside the JDK that name the place of a block. */
    private static final int SITE_FRAMES = 4;
    /**
     * The waits a thread chooses. Not a contended monitor or a socket's read or write: on an event loop those are
     * non-blocking, and on a busy machine their 1 ms is the time the thread (or the lock's holder) waited for a core.
     */
    static final List<String> LOOP_EVENTS = List.of("jdk.ThreadPark", "jdk.ThreadSleep", "jdk.JavaMonitorWait",
            "jdk.FileRead", "jdk.FileWrite");

    private final Set<Long> loops = ConcurrentHashMap.newKeySet();
    private final Set<String> printed = ConcurrentHashMap.newKeySet();
    private final AtomicLong blocked = new AtomicLong();
    private volatile Instant since = Instant.EPOCH;
    private final RecordingStream stream;

    private BlockedThreads(boolean watchLoops, boolean on) {
        this.stream = on ? stream(watchLoops) : null;
    }

    /** The started stream; null when JFR is missing or disabled, and nothing is counted (the stats leave it out). */
    private RecordingStream stream(boolean watchLoops) {
        RecordingStream s = null;
        try {
            s = new RecordingStream();
            s.enable(PINNED).withThreshold(THRESHOLD).withStackTrace();
            s.onEvent(PINNED, e -> {
                if (!jdkPoller(e)) {
                    count(e, "a carrier was held by a virtual thread pinned");
                }
            });
            if (watchLoops) {
                for (String name : LOOP_EVENTS) {
                    s.enable(name).withThreshold(THRESHOLD).withStackTrace();
                    s.onEvent(name, this::onLoopEvent);
                }
            }
            s.setMaxAge(Duration.ofSeconds(10));
            s.startAsync();
            return s;
        } catch (RuntimeException | LinkageError e) {
            if (s != null) {
                s.close();
            }
            return null;
        }
    }

    /**
     * Starts watching carriers, and event loops too when {@code watchLoops}, if {@link #PROPERTY} says so; else a watch
     * that counts nothing ({@link #count} -1). JFR's start costs a server half a second of CPU.
     */
    public static BlockedThreads start(boolean watchLoops) {
        return new BlockedThreads(watchLoops && Boolean.getBoolean(PROPERTY), Boolean.getBoolean(PROPERTY));
    }

    /** Watching whatever {@link #PROPERTY} says: a test's. */
    static BlockedThreads startNow(boolean watchLoops) {
        return new BlockedThreads(watchLoops, true);
    }

    /** Registers the calling thread as one that must not block; cheap once it is registered. */
    public void mustNotBlock() {
        long id = Thread.currentThread().threadId();
        if (!loops.contains(id)) {
            loops.add(id);
        }
    }

    private void onLoopEvent(RecordedEvent e) {
        RecordedThread t = e.getThread();
        if (t != null && loops.contains(t.getJavaThreadId()) && !waitForLock(e)) {
            count(e, "event loop " + t.getJavaName() + " blocked (" + e.getEventType().getName() + ")");
        }
    }

    /**
     * A park to take a lock another thread holds: contention, as a contended monitor is, whose time on a busy machine is
     * mostly the holder's wait for a core (a Reactor timer cancelled from a loop takes its scheduler queue's lock).
     */
    static boolean waitForLock(RecordedEvent e) {
        if (!e.hasField("parkedClass") || e.getClass("parkedClass") == null) {
            return false;
        }
        return e.getClass("parkedClass").getName().startsWith("java.util.concurrent.locks.Reentrant");
    }

    /** The JDK's own I/O pollers, virtual threads that wait in the kernel by design. */
    static boolean jdkPoller(RecordedEvent e) {
        return e.getStackTrace() != null && e.getStackTrace().getFrames().stream()
                .anyMatch(f -> f.getMethod().getType().getName().equals("sun.nio.ch.Poller"));
    }

    private void count(RecordedEvent e, String what) {
        // JFR hands events over up to a second late: one that began before the last reset is not this span's
        if (e.getStartTime().isBefore(since)) {
            return;
        }
        blocked.incrementAndGet();
        String site = site(e);
        if (printed.add(what.replaceAll("[0-9]+", "#") + site)) {
            System.err.println("loomlab: " + what + " for " + e.getDuration().toMillis() + " ms at " + site);
        }
    }

    /** The first frames outside the JDK (else the top frame), callee first; "?" without a stack. */
    static String site(RecordedEvent e) {
        if (e.getStackTrace() == null || e.getStackTrace().getFrames().isEmpty()) {
            return "?";
        }
        List<RecordedFrame> frames = e.getStackTrace().getFrames();
        List<String> own = frames.stream().filter(f -> f.isJavaFrame() && !jdk(f)).limit(SITE_FRAMES).map(BlockedThreads::frame).toList();
        return own.isEmpty() ? frame(frames.getFirst()) : String.join(" < ", own);
    }

    private static String frame(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName() + ":" + f.getLineNumber();
    }

    private static boolean jdk(RecordedFrame f) {
        String type = f.getMethod().getType().getName();
        return type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.");
    }

    /** Blocks counted since the last {@link #reset}; -1 when JFR is not there to count them. */
    public long count() {
        return stream == null ? -1 : blocked.get();
    }

    public void reset() {
        since = Instant.now();
        blocked.set(0);
    }

    @Override
    public void close() {
        if (stream != null) {
            stream.close();
        }
    }
}
