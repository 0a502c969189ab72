package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineLine;
import dev.loomlab.core.engine.EngineOutcome;
import dev.loomlab.core.model.ServingThread;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * The counts of one load run, kept as the samples arrive — never the samples themselves, so memory stays
 * bounded whatever the run's length: requests of the measured span by outcome, status codes, serving-thread
 * kinds, the latency histogram (ns), connections opened, and per remote engine its requests and answers.
 * A sample belongs to the measured span when it started within it (warm-up samples are not counted); an ok
 * answer counts toward the throughput when it ended within it, whenever it started. Thread-safe: JMeter's
 * threads (or the RMI threads that bring a remote engine's samples) call {@link #record} concurrently.
 */
final class Tally {
    private static final int UNNAMED = ServingThread.values().length;

    private final List<String> remotes;
    /** Each engine's measured span (one for a local run), epoch ms: [start, end); unset, nothing is measured. */
    private final long[] spanStartMs;
    private final long[] spanEndMs;
    private long samples;
    private long sent;
    private long ok;
    private long okInSpan;
    private long connections;
    private final long[] errors = new long[EngineOutcome.ERROR_KINDS.size()];
    private final Map<Integer, Long> statuses = new TreeMap<>();
    private final long[] servedBy = new long[UNNAMED + 1];
    private final Histogram latency = new Histogram(3);
    /** Per remote engine: samples of any time, requests of the span, ok answers of the span. */
    private final long[] seen;
    private final long[] requests;
    private final long[] answered;
    /** A few examples of each error kind's message, for the engine's log. */
    private final Map<String, String> example = new LinkedHashMap<>();

    /** @param remotes the remote engines' addresses as given to them (their threads' name prefix); empty for a local run */
    Tally(List<String> remotes) {
        this.remotes = List.copyOf(remotes);
        this.seen = new long[remotes.size()];
        this.requests = new long[remotes.size()];
        this.answered = new long[remotes.size()];
        this.spanStartMs = new long[Math.max(1, remotes.size())];
        this.spanEndMs = new long[spanStartMs.length];
        java.util.Arrays.fill(spanStartMs, Long.MAX_VALUE);
        java.util.Arrays.fill(spanEndMs, Long.MAX_VALUE);
    }

    /**
     * Engine {@code engine}'s measured span (0 for a local run), epoch ms on that engine's clock: [start, end).
     * Its samples recorded before it is set are warm-up.
     */
    synchronized void span(int engine, long startMs, long endMs) {
        this.spanStartMs[engine] = startMs;
        this.spanEndMs[engine] = endMs;
    }

    synchronized void record(Sample s) {
        samples++;
        int engine = engine(s.thread());
        if (engine >= 0) {
            seen[engine]++;
        }
        if (s.connectMs() > 0) {
            connections++;
        }
        String kind = ErrorKinds.of(s.code(), s.message(), s.assertionFailed());
        boolean good = kind.equals(ErrorKinds.OK);
        long from = spanStartMs[Math.max(0, engine)];
        long to = spanEndMs[Math.max(0, engine)];
        if (good && s.endMs() >= from && s.endMs() < to) {
            okInSpan++;
        }
        if (s.startMs() < from || s.startMs() >= to) {
            return;
        }
        Integer status = status(s.code());
        if (status != null) {
            statuses.merge(status, 1L, Long::sum);
        }
        // A failed connect never reached the wire: an error, not a request sent (as loomlab's generator counts).
        if (!kind.equals("connect")) {
            sent++;
            if (engine >= 0) {
                requests[engine]++;
            }
        }
        if (good) {
            ok++;
            if (engine >= 0) {
                answered[engine]++;
            }
            servedBy[servedBy(s.headers())]++;
            latency.recordValue(Math.max(0, s.elapsedMs()) * 1_000_000L);
        } else {
            errors[EngineOutcome.ERROR_KINDS.indexOf(kind)]++;
            if (example.size() < 12 && !example.containsKey(kind)) {
                example.put(kind, s.code() + " " + s.message());
            }
        }
    }

    /** Samples recorded so far, warm-up and after the span included. */
    synchronized long samples() {
        return samples;
    }

    /** Samples recorded so far from remote engine {@code i}, of any time. */
    synchronized long seen(int i) {
        return seen[i];
    }

    /** The figures so far, as a progress line carries them; with the latencies when asked. */
    synchronized EngineLine.Progress progress(long elapsedMillis, String phase, boolean withLatency) {
        return new EngineLine.Progress(elapsedMillis, phase, sent, ok, errorMap(), withLatency ? latency.copy() : null);
    }

    /** One example message per error kind seen, for the engine's log. */
    synchronized Map<String, String> examples() {
        return Map.copyOf(example);
    }

    /**
     * What was counted, as the engine's outcome; {@code users} and {@code rate} give each remote engine's share.
     */
    synchronized EngineOutcome outcome(String engineName, String version, long measuredNanos, IntFunction<Integer> users,
                                       IntToDoubleFunction rate) {
        Map<String, Long> served = new LinkedHashMap<>();
        for (ServingThread t : ServingThread.values()) {
            served.put(t.header(), servedBy[t.ordinal()]);
        }
        served.put("unnamed", servedBy[UNNAMED]);
        List<EngineOutcome.Remote> perEngine = new ArrayList<>();
        for (int i = 0; i < remotes.size(); i++) {
            perEngine.add(new EngineOutcome.Remote(remotes.get(i), users.apply(i), rate.applyAsDouble(i), requests[i], answered[i]));
        }
        return new EngineOutcome(engineName, version, measuredNanos, sent, ok, okInSpan, errorMap(), statuses, served,
                connections, latency.copy(), perEngine);
    }

    private Map<String, Long> errorMap() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < errors.length; i++) {
            out.put(EngineOutcome.ERROR_KINDS.get(i), errors[i]);
        }
        return out;
    }

    /** The remote engine whose thread ran the sample ({@code host:port-…}), or -1 (a local run). */
    private int engine(String thread) {
        if (thread == null) {
            return -1;
        }
        for (int i = 0; i < remotes.size(); i++) {
            String address = remotes.get(i);
            if (thread.startsWith(address) && thread.length() > address.length() && thread.charAt(address.length()) == '-') {
                return i;
            }
        }
        return -1;
    }

    private static Integer status(String code) {
        if (code != null && code.length() == 3 && code.chars().allMatch(Character::isDigit)) {
            return Integer.parseInt(code);
        }
        return null;
    }

    /** The serving-thread kind the headers name ({@value ServingThread#HEADER}), or the unnamed index. */
    static int servedBy(String headers) {
        if (headers == null || headers.isEmpty()) {
            return UNNAMED;
        }
        String name = ServingThread.HEADER.toLowerCase(Locale.ROOT) + ":";
        for (String line : headers.split("\r?\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith(name)) {
                return ServingThread.ofHeader(line.substring(name.length()).trim()).map(Enum::ordinal).orElse(UNNAMED);
            }
        }
        return UNNAMED;
    }
}
