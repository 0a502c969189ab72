package dev.loomlab.net;

import dev.loomlab.core.server.ServerMetrics;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The kinds of error a network task ends with, each counted per iteration as {@code errors_<kind>}
 * (and all together as {@code errors}): a task that fails is an error to report, never a hang or a
 * crash of the run.
 */
enum ErrorKind {
    /** Succeeded. */
    NONE,
    /** The connection was refused or could not be made in time. */
    CONNECT,
    /** The peer reset or closed the connection before the answer was complete. */
    RESET,
    /** No answer within the timeout. */
    TIMEOUT,
    /** An HTTP status other than 200. */
    STATUS,
    /** An answer with the wrong content. */
    CONTENT,
    /** Anything else. */
    OTHER;

    static final List<ErrorKind> ERRORS = List.of(CONNECT, RESET, TIMEOUT, STATUS, CONTENT, OTHER);

    /** The kind of a thrown failure, looking through wrappers. */
    static ErrorKind of(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof ConnectException || t instanceof HttpConnectTimeoutException) {
            return CONNECT;
        }
        if (t instanceof HttpTimeoutException || t instanceof SocketTimeoutException) {
            return TIMEOUT;
        }
        if (t instanceof EOFException || t instanceof SocketException) {
            return RESET;
        }
        // HttpClient reports a peer that hung up as a plain IOException ("… header parser received no
        // bytes", "connection closed locally"), sometimes with the SocketException as its cause.
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SocketException || c instanceof EOFException) {
                return RESET;
            }
            String message = String.valueOf(c.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (message.contains("reset") || message.contains("closed") || message.contains("eof")
                    || message.contains("no bytes")) {
                return RESET;
            }
        }
        return OTHER;
    }

    String metric() {
        return ServerMetrics.REQUEST_ERRORS_OF_KIND.named(name().toLowerCase(java.util.Locale.ROOT));
    }

    /** {@code errors} and {@code errors_<kind>} for the kinds recorded in {@code outcomes} (one per task). */
    static Map<String, Double> count(byte[] outcomes) {
        long[] byKind = new long[values().length];
        for (byte b : outcomes) {
            byKind[b]++;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        long errors = outcomes.length - byKind[NONE.ordinal()];
        out.put(ServerMetrics.REQUEST_ERRORS.name(), (double) errors);
        for (ErrorKind k : ERRORS) {
            out.put(k.metric(), (double) byKind[k.ordinal()]);
        }
        return out;
    }
}
