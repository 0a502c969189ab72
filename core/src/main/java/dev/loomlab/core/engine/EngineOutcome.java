package dev.loomlab.core.engine;

import dev.loomlab.core.stats.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What a load engine in a JVM of its own measured, in the terms of loomlab's load report: the requests of
 * the measured span (those started within it; warm-up requests are not counted) and how each ended — ok,
 * or an error of one of {@link #ERROR_KINDS} — the ok answers that arrived within the span, status codes,
 * the serving-thread kinds the answers named, connections opened, the latency histogram (ns) and, for a
 * distributed run, each remote engine's share and counts. A properties file ({@link #write}, {@link #read}).
 *
 * @param engine            the engine's name, e.g. {@code jmeter}
 * @param version           its version, e.g. {@code 5.6.3}
 * @param measuredNanos     the measured span, ns
 * @param sent              requests of the span that reached the wire (a failed connect is an error, not a request sent)
 * @param ok                of those, answered 2xx with the expected body
 * @param okInSpan          ok answers that arrived within the span, whenever started
 * @param errors            kind ({@link #ERROR_KINDS}) → requests of the span that failed so
 * @param statuses          HTTP status code → answers of the span
 * @param servedBy          serving-thread kind named by the answer ({@code virtual}, {@code platform}, {@code event-loop},
 *                          {@code unnamed}) → ok answers
 * @param connectionsOpened connections the engine opened during the span, as far as it can tell
 * @param latency           the latencies of the span's answered requests, ns
 * @param remotes           per remote engine: its share of the load and its counts; empty for a run on this machine
 */
public record EngineOutcome(String engine, String version, long measuredNanos, long sent, long ok, long okInSpan,
                            Map<String, Long> errors, Map<Integer, Long> statuses, Map<String, Long> servedBy,
                            long connectionsOpened, Histogram latency, List<Remote> remotes) {
    /** loomlab's kinds of failed request (its {@code RequestError}s), in its order. */
    public static final List<String> ERROR_KINDS = List.of("connect", "timeout", "reset", "status", "content", "other");

    /**
     * One remote engine's part.
     *
     * @param address  {@code host:port} of its RMI registry, as given
     * @param users    closed model: the users it ran (0 for the open model)
     * @param rate     open model: the requests per second it ran (0 for the closed model)
     * @param requests requests of the measured span it sent
     * @param ok       of those, answered ok
     */
    public record Remote(String address, int users, double rate, long requests, long ok) {
    }

    public EngineOutcome {
        errors = Map.copyOf(errors);
        statuses = Map.copyOf(statuses);
        servedBy = Map.copyOf(servedBy);
        remotes = List.copyOf(remotes);
    }

    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("engine", engine);
        p.setProperty("version", version);
        p.setProperty("measured.ns", Long.toString(measuredNanos));
        p.setProperty("sent", Long.toString(sent));
        p.setProperty("ok", Long.toString(ok));
        p.setProperty("ok.in.span", Long.toString(okInSpan));
        errors.forEach((k, v) -> p.setProperty("errors." + k, Long.toString(v)));
        statuses.forEach((k, v) -> p.setProperty("status." + k, Long.toString(v)));
        servedBy.forEach((k, v) -> p.setProperty("served." + k, Long.toString(v)));
        p.setProperty("connections.opened", Long.toString(connectionsOpened));
        p.setProperty("latency", HistogramCodec.encode(latency));
        for (int i = 0; i < remotes.size(); i++) {
            Remote r = remotes.get(i);
            p.setProperty("remote." + i + ".address", r.address());
            p.setProperty("remote." + i + ".users", Integer.toString(r.users()));
            p.setProperty("remote." + i + ".rate", Double.toString(r.rate()));
            p.setProperty("remote." + i + ".requests", Long.toString(r.requests()));
            p.setProperty("remote." + i + ".ok", Long.toString(r.ok()));
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(out, "what loomlab's engine JVM measured");
        }
        // Whole or not at all: a reader never sees half an outcome.
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The outcome {@link #write} wrote.
     *
     * @throws IllegalArgumentException naming what is missing or malformed
     */
    public static EngineOutcome read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        try {
            Map<String, Long> errors = new LinkedHashMap<>();
            for (String kind : ERROR_KINDS) {
                errors.put(kind, Long.parseLong(p.getProperty("errors." + kind, "0")));
            }
            Map<Integer, Long> statuses = new TreeMap<>();
            Map<String, Long> servedBy = new LinkedHashMap<>();
            for (String key : p.stringPropertyNames()) {
                if (key.startsWith("status.")) {
                    statuses.put(Integer.parseInt(key.substring("status.".length())), Long.parseLong(p.getProperty(key)));
                } else if (key.startsWith("served.")) {
                    servedBy.put(key.substring("served.".length()), Long.parseLong(p.getProperty(key)));
                }
            }
            List<Remote> remotes = new ArrayList<>();
            for (int i = 0; p.getProperty("remote." + i + ".address") != null; i++) {
                String k = "remote." + i + ".";
                remotes.add(new Remote(p.getProperty(k + "address"), Integer.parseInt(p.getProperty(k + "users", "0")),
                        Double.parseDouble(p.getProperty(k + "rate", "0")), Long.parseLong(p.getProperty(k + "requests", "0")),
                        Long.parseLong(p.getProperty(k + "ok", "0"))));
            }
            return new EngineOutcome(required(p, "engine"), required(p, "version"), Long.parseLong(required(p, "measured.ns")),
                    Long.parseLong(required(p, "sent")), Long.parseLong(required(p, "ok")), Long.parseLong(required(p, "ok.in.span")),
                    errors, statuses, servedBy, Long.parseLong(p.getProperty("connections.opened", "0")),
                    HistogramCodec.decode(required(p, "latency")), remotes);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a number in the outcome is malformed: " + e.getMessage(), e);
        }
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IllegalArgumentException("the outcome has no '" + key + "'");
        }
        return v;
    }
}
