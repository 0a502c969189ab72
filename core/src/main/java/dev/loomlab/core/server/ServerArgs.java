package dev.loomlab.core.server;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every server under test is started with — {@code <delay> <port> [<address>] [name=value …]}, e.g.
 * {@code 300ms 0} (port 0: any free one; address 127.0.0.1 unless given; the pairs are an
 * {@link EndpointSpec}, article 004's sleep unless given) — and how its {@code GET /get?delay=…} endpoint
 * reads a request's own delay ({@code 300ms}, or a bare number of milliseconds), overriding the server's
 * default.
 *
 * @param delayMillis the default reply delay, ms
 * @param port the TCP port to listen on, 0 for any
 * @param bind the address to listen on: 127.0.0.1 unless {@code loomlab serve --bind} says otherwise
 * @param endpoint what each request does
 */
public record ServerArgs(long delayMillis, int port, InetAddress bind, EndpointSpec endpoint) {
    /** The endpoint every server under test answers. */
    public static final String PATH = "/get";
    /** The body every answer carries. */
    public static final String BODY = "ok";
    /** Where every server listens unless told otherwise: this machine only. */
    public static final InetAddress LOOPBACK = literal(new byte[]{127, 0, 0, 1});

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** Listening on 127.0.0.1. */
    public ServerArgs(long delayMillis, int port) {
        this(delayMillis, port, LOOPBACK, EndpointSpec.DEFAULT);
    }

    /**
     * Parses {@code <delay> <port> [<address>] [name=value …]}; a malformed argument ends the server with a
     * one-line message.
     */
    public static ServerArgs parse(String[] args) {
        int positional = 0;
        while (positional < args.length && !args[positional].contains("=")) {
            positional++;
        }
        if (positional != 2 && positional != 3) {
            throw new BadInputException("usage: <delay, e.g. 300ms> <port, 0 for any> [<address>, default 127.0.0.1]"
                    + " [endpoint=sleep|cpu|memory|db|db-write|db-write-batch|db-sleep work=… retain=… cache=… db-connections=… batch=…"
                    + " db-latency=…]");
        }
        long nanos = Units.parseDurationNanos("delay", args[0]);
        int port = Integer.parseInt(args[1]);
        if (port < 0 || port > 65_535) {
            throw new BadInputException("port " + port + " is not in 0..65535");
        }
        InetAddress bind = positional == 3 ? parseAddress(args[2]) : LOOPBACK;
        EndpointSpec endpoint = EndpointSpec.parse(List.of(args).subList(positional, args.length));
        return new ServerArgs(TimeUnit.NANOSECONDS.toMillis(nanos), port, bind, endpoint);
    }

    /**
     * {@link #parse}, or the end of the JVM with one line naming {@code server} when an argument is malformed
     * (exit 2): how every server reads its command line.
     */
    public static ServerArgs parseOrExit(String server, String[] args) {
        try {
            return parse(args);
        } catch (BadInputException | NumberFormatException e) {
            System.err.println(server + " server: " + e.getMessage());
            System.exit(2);
            throw new AssertionError("System.exit returned", e);
        }
    }

    /**
     * An IP address written out ({@code 127.0.0.2}, {@code 0.0.0.0}, {@code ::1}); a host name is refused
     * rather than looked up, so that reading the argument never touches the network.
     */
    public static InetAddress parseAddress(String text) {
        String t = text.strip();
        Matcher v4 = IPV4.matcher(t);
        if (v4.matches()) {
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                int part = Integer.parseInt(v4.group(i + 1));
                if (part > 255) {
                    throw notAnAddress(text);
                }
                bytes[i] = (byte) part;
            }
            return literal(bytes);
        }
        if (IPV6.matcher(t).matches()) {
            try {
                // With a ':' in it, getByName parses an IPv6 literal and never looks the text up.
                return InetAddress.getByName(t);
            } catch (UnknownHostException e) {
                throw notAnAddress(text);
            }
        }
        throw notAnAddress(text);
    }

    private static BadInputException notAnAddress(String text) {
        return new BadInputException("'" + text + "' is not an IP address (e.g. 127.0.0.1, 127.0.0.2, ::1 or 0.0.0.0)");
    }

    private static InetAddress literal(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
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
