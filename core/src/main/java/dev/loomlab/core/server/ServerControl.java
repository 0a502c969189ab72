package dev.loomlab.core.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * The server side of {@link ServerProcess}'s protocol, run on a helper JVM's main thread: announces the
 * bound port, answers {@code stats} and {@code reset} lines on stdin with one reply line, and halts the
 * JVM when stdin closes — which happens when the trial that started it ends or dies, so no server
 * outlives its trial.
 */
public final class ServerControl {
    /** Printed once the server accepts connections: {@code #loomlab-ready port=N}. */
    public static final String READY = "#loomlab-ready ";
    /** Prefix of the one line answering each command: {@code #loomlab-reply k=v k=v …}. */
    public static final String REPLY = "#loomlab-reply ";

    private ServerControl() {
    }

    /**
     * Announces {@code port} and serves commands until stdin closes, then halts.
     *
     * @param stats the server's counters and peaks since the last reset (numbers, by name)
     * @param reset clears those counters and peaks
     */
    public static void serve(int port, Supplier<Map<String, Number>> stats, Runnable reset) {
        ServerStats process = new ServerStats();
        System.out.println(READY + "port=" + port);
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
            String line;
            while ((line = in.readLine()) != null) {
                Map<String, Number> reply = new LinkedHashMap<>();
                switch (line.trim()) {
                    case "stats" -> {
                        reply.putAll(process.snapshot());
                        reply.putAll(stats.get());
                    }
                    case "reset" -> {
                        process.reset();
                        reset.run();
                        reply.put("ok", 1);
                    }
                    default -> reply.put("unknown_command", 1);
                }
                System.out.println(format(reply));
                System.out.flush();
            }
        } catch (IOException ignored) {
            // a broken pipe means the same as end of stream: the trial is gone
        }
        Runtime.getRuntime().halt(0);
    }

    static String format(Map<String, Number> values) {
        StringJoiner line = new StringJoiner(" ", REPLY, "");
        values.forEach((k, v) -> line.add(k + "=" + v));
        return line.toString();
    }

    static Map<String, Double> parse(String line) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String pair : line.substring(REPLY.length()).trim().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(pair.substring(0, eq), Double.parseDouble(pair.substring(eq + 1)));
            }
        }
        return out;
    }
}
