package dev.loomlab.core.server;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;

import java.util.concurrent.TimeUnit;

/**
 * What every server under test is started with — {@code <delay> <port>}, e.g. {@code 300ms 0} (port 0:
 * any free one) — and how its {@code GET /get?delay=…} endpoint reads a request's own delay
 * ({@code 300ms}, or a bare number of milliseconds), overriding the server's default.
 *
 * @param delayMillis the default reply delay, ms
 * @param port the TCP port to listen on (127.0.0.1), 0 for any
 */
public record ServerArgs(long delayMillis, int port) {
    /** The endpoint every server under test answers. */
    public static final String PATH = "/get";
    /** The body every answer carries. */
    public static final String BODY = "ok";

    /** Parses {@code <delay> <port>}; a malformed argument ends the server with a one-line message. */
    public static ServerArgs parse(String[] args) {
        if (args.length != 2) {
            throw new BadInputException("usage: <delay, e.g. 300ms> <port, 0 for any>");
        }
        long nanos = Units.parseDurationNanos("delay", args[0]);
        int port = Integer.parseInt(args[1]);
        if (port < 0 || port > 65_535) {
            throw new BadInputException("port " + port + " is not in 0..65535");
        }
        return new ServerArgs(TimeUnit.NANOSECONDS.toMillis(nanos), port);
    }

    /** The delay a request asks for in its query ({@code delay=…}), or the default; ms. */
    public long delayMillis(String query) {
        if (query == null) {
            return delayMillis;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("delay=")) {
                return parseDelay(pair.substring("delay=".length()));
            }
        }
        return delayMillis;
    }

    /** A delay query value: a duration with a unit, or a bare number of ms. */
    public long parseDelay(String value) {
        String v = value.trim();
        if (v.matches("\\d{1,9}")) {
            return Long.parseLong(v);
        }
        return TimeUnit.NANOSECONDS.toMillis(Units.parseDurationNanos("delay", v));
    }
}
