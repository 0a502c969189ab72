package dev.loomlab.core.engine;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a load engine in a JVM of its own (the JMeter engine, module {@code jmeter}) is asked to run: the
 * same load definition as loomlab's generator takes — closed ({@code users} > 0) or open ({@code rate} > 0
 * requests per second), warm-up, measured duration, step ramp, request timeout, expected body — plus, for a
 * distributed run, the remote engines and how to reach them over RMI. It travels as a properties file
 * ({@link #write}, {@link #read}): loomlab's JVM writes it, the engine's JVM reads it, neither needs the
 * other's classes.
 *
 * @param target      the URL every request gets (GET)
 * @param users       closed model: users, each sending again once answered; 0 for the open model
 * @param rate        open model: requests per second; 0 for the closed model
 * @param warmupNanos load before the measured span, ns
 * @param durationNanos the measured span, ns
 * @param rampNanos   step load: +20% users (or rate) at the end of every interval from the start of measurement; 0 = constant
 * @param timeoutNanos a request not answered within this is a timeout, ns
 * @param expectBody  the body every 2xx answer must carry, or null to accept any
 * @param remotes     remote engines ({@code host:port} of their RMI registries) that run the load; empty: run it here
 * @param rmiHost     the address of this machine the remote engines call back to (java.rmi.server.hostname); null
 *                    without remotes
 * @param rmiPort     the port this machine's callback listens on; 0 = any free one
 * @param rmiKeystore RMI over SSL with this keystore (also the truststore); null: plain RMI
 * @param latencies   whether the progress lines carry the latencies so far (a live metrics endpoint reads them)
 */
public record EngineSpec(URI target, int users, double rate, long warmupNanos, long durationNanos, long rampNanos,
                         long timeoutNanos, String expectBody, List<String> remotes, String rmiHost, int rmiPort,
                         String rmiKeystore, boolean latencies) {

    public EngineSpec {
        remotes = remotes == null ? List.of() : List.copyOf(remotes);
        if ((users > 0) == (rate > 0)) {
            throw new IllegalArgumentException("either users or a rate, not both or neither");
        }
        if (durationNanos <= 0 || timeoutNanos <= 0 || warmupNanos < 0 || rampNanos < 0) {
            throw new IllegalArgumentException("duration and timeout must be > 0, warm-up and ramp >= 0");
        }
    }

    public boolean isOpen() {
        return rate > 0;
    }

    /** Writes this spec to {@code file} as properties. */
    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("target", target.toString());
        p.setProperty("users", Integer.toString(users));
        p.setProperty("rate", Double.toString(rate));
        p.setProperty("warmup.ns", Long.toString(warmupNanos));
        p.setProperty("duration.ns", Long.toString(durationNanos));
        p.setProperty("ramp.ns", Long.toString(rampNanos));
        p.setProperty("timeout.ns", Long.toString(timeoutNanos));
        if (expectBody != null) {
            p.setProperty("expect", expectBody);
        }
        p.setProperty("remotes", String.join(",", remotes));
        if (rmiHost != null) {
            p.setProperty("rmi.host", rmiHost);
        }
        p.setProperty("rmi.port", Integer.toString(rmiPort));
        if (rmiKeystore != null) {
            p.setProperty("rmi.keystore", rmiKeystore);
        }
        p.setProperty("latencies", Boolean.toString(latencies));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(out, "a load for loomlab's engine JVM");
        }
    }

    /**
     * The spec {@link #write} wrote.
     *
     * @throws IllegalArgumentException naming what is missing or malformed
     */
    public static EngineSpec read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<String> remotes = new ArrayList<>();
        for (String r : p.getProperty("remotes", "").split(",")) {
            if (!r.isBlank()) {
                remotes.add(r.strip());
            }
        }
        try {
            return new EngineSpec(URI.create(required(p, "target")), Integer.parseInt(required(p, "users")),
                    Double.parseDouble(required(p, "rate")), Long.parseLong(required(p, "warmup.ns")),
                    Long.parseLong(required(p, "duration.ns")), Long.parseLong(p.getProperty("ramp.ns", "0")),
                    Long.parseLong(required(p, "timeout.ns")), p.getProperty("expect"), remotes, p.getProperty("rmi.host"),
                    Integer.parseInt(p.getProperty("rmi.port", "0")), p.getProperty("rmi.keystore"),
                    Boolean.parseBoolean(p.getProperty("latencies", "false")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a number in the spec is malformed: " + e.getMessage(), e);
        }
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("the spec has no '" + key + "'");
        }
        return v;
    }
}
