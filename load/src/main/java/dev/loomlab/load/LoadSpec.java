package dev.loomlab.load;

import dev.loomlab.core.BadInputException;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * What one load run does: the target, the model — closed ({@code users} > 0: each user sends, waits
 * for the answer, sends again) or open ({@code rate} > 0 requests per second on a schedule, over at
 * most {@code connections} connections) — warm-up, measured duration, step ramp and request timeout.
 *
 * @param expectBody the body every 2xx answer must carry, or null to accept any
 * <p>{@link #closed} and {@link #open} accept only a target on this machine, and loomlab's generator sends
 * nowhere else whatever the spec ({@link #requestBytes}). The constructor itself takes another machine's URL: the
 * target of remote JMeter engines ({@code load --remote … --allow-remote-target}), which reach it from where they run.
 */
public record LoadSpec(URI target, int users, double rate, int connections, Duration warmup, Duration duration, Ramp ramp,
                       Duration timeout, String expectBody) {

    /** Connections the open model may open by default. */
    public static final int DEFAULT_CONNECTIONS = 10_000;
    /** The highest open-model rate, requests per second: a schedule beyond it outruns any loopback server. */
    public static final double MAX_RATE = 10_000_000;

    public LoadSpec {
        if ((users > 0) == (rate > 0)) {
            throw new BadInputException("give either users (closed model) or a rate (open model), not both or neither");
        }
        if (users < 0 || rate < 0 || connections < 1) {
            throw new BadInputException("users, rate and connections must be positive");
        }
        if (duration.isZero() || duration.isNegative() || warmup.isNegative() || timeout.isZero() || timeout.isNegative()) {
            throw new BadInputException("duration and timeout must be > 0, warm-up >= 0");
        }
        requireHttp(target);
    }

    /** A closed-model run of a target on this machine. */
    public static LoadSpec closed(URI target, int users, Duration warmup, Duration duration, Ramp ramp, Duration timeout,
                                  String expectBody) {
        requireLocal(target);
        return new LoadSpec(target, users, 0, users, warmup, duration, ramp, timeout, expectBody);
    }

    /** An open-model run of a target on this machine. */
    public static LoadSpec open(URI target, double rate, int connections, Duration warmup, Duration duration, Ramp ramp,
                                Duration timeout, String expectBody) {
        requireLocal(target);
        return new LoadSpec(target, 0, rate, connections, warmup, duration, ramp, timeout, expectBody);
    }

    /** True when the target is on this machine (127.0.0.0/8, ::1 or localhost). */
    public boolean isLocal() {
        try {
            requireLocal(target);
            return true;
        } catch (BadInputException e) {
            return false;
        }
    }

    public boolean isOpen() {
        return rate > 0;
    }

    /** {@code closed:100} or {@code open:5000/s}: the model as results name it. */
    public String modelName() {
        return isOpen() ? "open:" + trim(rate) + "/s" : "closed:" + users;
    }

    public String host() {
        return target.getHost();
    }

    public int port() {
        return target.getPort() > 0 ? target.getPort() : 80;
    }

    /** The request every connection sends, keep-alive, as bytes on the wire; only to this machine. */
    byte[] requestBytes() {
        requireLocal(target);
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        if (target.getRawQuery() != null) {
            path += "?" + target.getRawQuery();
        }
        String hostHeader = target.getPort() > 0 ? host() + ":" + target.getPort() : host();
        // Only what HTTP/1.1 requires, as wrk sends: every header more is parsed by the server under test.
        return ("GET " + path + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** Parses a URL that loomlab may load: {@code http://} on this machine (127.0.0.0/8, ::1 or localhost). */
    public static URI parseTarget(String url) {
        URI uri = parseUrl(url);
        requireLocal(uri);
        return uri;
    }

    /**
     * Parses an {@code http://} URL that may be on another machine: the target of remote JMeter engines with
     * {@code --allow-remote-target}; the host is not looked up here (each engine resolves it).
     */
    public static URI parseAnyTarget(String url) {
        URI uri = parseUrl(url);
        requireHttp(uri);
        return uri;
    }

    private static URI parseUrl(String url) {
        try {
            return URI.create(url.trim());
        } catch (IllegalArgumentException e) {
            throw new BadInputException("'" + url + "' is not a URL (e.g. http://127.0.0.1:8080/get)");
        }
    }

    private static void requireHttp(URI uri) {
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new BadInputException("'" + uri + "' is not an http:// URL with a host (e.g. http://127.0.0.1:8080/get)");
        }
        // URI accepts any digits as a port; a socket takes 1 to 65535 (none given: 80).
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            throw new BadInputException("'" + uri + "': port " + uri.getPort() + " is not 1 to 65535");
        }
    }

    private static void requireLocal(URI uri) {
        requireHttp(uri);
        try {
            InetAddress address = InetAddress.getByName(uri.getHost());
            if (!address.isLoopbackAddress()) {
                throw new BadInputException("'" + uri.getHost() + "' is not this machine: loomlab loads only 127.0.0.0/8 (or localhost)");
            }
        } catch (UnknownHostException e) {
            throw new BadInputException("unknown host '" + uri.getHost() + "'");
        }
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
