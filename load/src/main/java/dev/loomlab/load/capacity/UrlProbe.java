package dev.loomlab.load.capacity;

import dev.loomlab.core.BadInputException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Whether a URL answers at all: one GET, any status, within a time limit (before a search, as a service starts). */
public final class UrlProbe {
    /** How long the one request may take. */
    public static final Duration LIMIT = Duration.ofSeconds(10);

    private UrlProbe() {
    }

    /**
     * Sends one GET to {@code url}; returns its status code.
     *
     * @throws BadInputException naming the URL and why, when it does not answer within {@link #LIMIT}
     */
    public static int requireAnswer(URI url) throws InterruptedException {
        try {
            return status(url, LIMIT);
        } catch (IOException e) {
            String why = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            if (e instanceof java.net.http.HttpTimeoutException) {
                why = "no answer within " + LIMIT.toSeconds() + " s";
            } else if (e instanceof java.net.ConnectException) {
                why = "connection refused";
            }
            throw new BadInputException(url + " does not answer (" + why + "): start the service first, or check the URL");
        }
    }

    /**
     * The status of one GET of {@code url}, within {@code limit} to connect and as much to answer.
     *
     * @throws IOException when it does not answer (refused, timed out, closed)
     */
    public static int status(URI url, Duration limit) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(limit).build()) {
            return client.send(HttpRequest.newBuilder(url).timeout(limit).GET().build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        }
    }
}
