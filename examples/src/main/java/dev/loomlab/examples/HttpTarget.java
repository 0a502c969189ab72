package dev.loomlab.examples;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;

/**
 * What the HTTP example tasks call: one client (HTTP/1.1, 10 s to connect) and its GET of {@code url}
 * (30 s to answer), or of a {@link LocalServer} started here when no {@code url} is given. Closing it closes
 * the client and that server.
 */
final class HttpTarget implements AutoCloseable {
    private final LocalServer[] server = new LocalServer[1];
    final HttpClient client;
    final HttpRequest request;

    HttpTarget(Map<String, String> params) throws IOException {
        URI target = LocalServer.target(params, server);
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(30)).GET().build();
    }

    @Override
    public void close() {
        client.close();
        if (server[0] != null) {
            server[0].close();
        }
    }
}
