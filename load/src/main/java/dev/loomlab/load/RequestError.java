package dev.loomlab.load;

import dev.loomlab.core.server.ServerMetrics;

import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.DecoderException;

import java.io.IOException;
import java.net.ConnectException;
import java.util.Locale;

/** Why a request failed, each counted as {@code errors_<kind>} (all together as {@code errors}). */
public enum RequestError {
    /** The connection could not be made (refused, or not within the timeout). */
    CONNECT,
    /** No complete answer within the request timeout. */
    TIMEOUT,
    /** The server closed or reset the connection before the answer was complete. */
    RESET,
    /** An answer whose status was not 2xx. */
    STATUS,
    /** A 2xx answer whose body was not the expected one, or a malformed answer. */
    CONTENT,
    /** Anything else. */
    OTHER;

    /** The metric name: {@code errors_connect} … */
    public String metric() {
        return ServerMetrics.REQUEST_ERRORS_OF_KIND.named(name().toLowerCase(Locale.ROOT));
    }

    static RequestError ofConnect(Throwable t) {
        return t instanceof ConnectException || t instanceof ConnectTimeoutException || t instanceof IOException ? CONNECT : OTHER;
    }

    static RequestError ofFailure(Throwable t) {
        if (t instanceof DecoderException) {
            return CONTENT;
        }
        return t instanceof IOException ? RESET : OTHER;
    }
}
