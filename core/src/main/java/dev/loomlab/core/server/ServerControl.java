package dev.loomlab.core.server;

import dev.loomlab.core.process.ParentGone;
import dev.loomlab.core.prof.ChildProfiling;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * The server side of {@link ServerProcess}'s protocol, run on a helper JVM's main thread: announces the
 * bound port, answers each command line on stdin — {@code stats ID} or {@code reset ID}, ID a number —
 * with one reply line that repeats its ID, and halts the JVM when stdin closes — which happens when the
 * trial that started it ends or dies, so no server outlives its trial. The ID lets the parent tell a late
 * answer to a command it gave up on from the answer to the command it waits for.
 */
public final class ServerControl {
    /** Printed once the server accepts connections: {@code #loomlab-ready port=N}. */
    public static final String READY = "#loomlab-ready ";
    /** Prefix of the one line answering each command: {@code #loomlab-reply ID k=v k=v …}. */
    public static final String REPLY = "#loomlab-reply ";
    /** The port a {@link #READY} line names: {@code port=N}. */
    private static final String PORT = "port=";

    /** A server's answer to the command numbered {@code id}: its values, by name. */
    record Reply(long id, Map<String, Double> values) {
    }

    /** The command that ends the server normally; the end of stdin without it means its trial died. */
    public static final String EXIT = "exit";

    private ServerControl() {
    }

    /**
     * Announces {@code port} and serves commands until {@value #EXIT} (a normal halt) or the end of stdin
     * (its trial is gone: {@link ParentGone#exit}).
     *
     * @param stats the server's counters and peaks since the last reset (numbers, by name)
     * @param reset clears those counters and peaks
     */
    public static void serve(int port, Supplier<Map<String, Number>> stats, Runnable reset) {
        ServerStats process = new ServerStats();
        ChildProfiling profiling = ChildProfiling.fromProperties();
        System.out.println(READY + PORT + port);
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] words = line.trim().split(" +");
                if (words[0].equals(EXIT)) {
                    // The trial is done with us: a normal exit, which writes this kind's class-data archive.
                    Runtime.getRuntime().halt(0);
                }
                Map<String, Number> reply = new LinkedHashMap<>();
                switch (words[0]) {
                    case "stats" -> {
                        reply.putAll(process.snapshot());
                        reply.putAll(stats.get());
                    }
                    case "reset" -> {
                        process.reset();
                        reset.run();
                        reply.put("ok", 1);
                    }
                    case "prof-resume" -> {
                        profiling.resume();
                        reply.put("ok", 1);
                    }
                    case "prof-pause" -> {
                        profiling.pause();
                        reply.put("ok", 1);
                    }
                    case "prof-finish" -> {
                        try {
                            profiling.finish();
                            reply.put("ok", 1);
                        } catch (IOException e) {
                            System.out.println("server: the profiles' records could not be written: " + e);
                            reply.put("failed", 1);
                        }
                    }
                    default -> reply.put("unknown_command", 1);
                }
                System.out.println(format(words.length == 2 ? id(words[1]) : 0, reply));
                System.out.flush();
            }
        } catch (IOException ignored) {
            // a broken pipe means the same as end of stream: the trial is gone
        }
        // No exit command before the end of stdin: the trial died, and an orphan must not linger.
        ParentGone.exit(0);
    }

    /** A command's ID, or 0 (which no command carries) when it is none. */
    private static long id(String word) {
        try {
            return Long.parseLong(word);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static String format(long id, Map<String, Number> values) {
        StringJoiner line = new StringJoiner(" ", REPLY + id + " ", "");
        values.forEach((k, v) -> line.add(k + "=" + v));
        return line.toString();
    }

    /** The reply on {@code line}, or empty when it is none: no {@link #REPLY} prefix, no ID, or a value that is not a number. */
    static Optional<Reply> parse(String line) {
        if (!line.startsWith(REPLY)) {
            return Optional.empty();
        }
        String[] words = line.substring(REPLY.length()).trim().split(" +");
        try {
            long id = Long.parseLong(words[0]);
            Map<String, Double> values = new LinkedHashMap<>();
            for (int i = 1; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq <= 0) {
                    return Optional.empty();
                }
                values.put(words[i].substring(0, eq), Double.parseDouble(words[i].substring(eq + 1)));
            }
            return Optional.of(new Reply(id, values));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The port a {@link #READY} line names, or empty when the line is malformed (no port, or none of 1–65535). */
    static OptionalInt readyPort(String line) {
        String rest = line.startsWith(READY) ? line.substring(READY.length()).trim() : "";
        if (!rest.startsWith(PORT)) {
            return OptionalInt.empty();
        }
        try {
            int port = Integer.parseInt(rest.substring(PORT.length()));
            return port >= 1 && port <= 65_535 ? OptionalInt.of(port) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
