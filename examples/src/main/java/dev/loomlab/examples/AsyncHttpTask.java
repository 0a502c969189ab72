package dev.loomlab.examples;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * A non-blocking HTTP call: {@link HttpClient#sendAsync}, returning its {@link CompletableFuture}. Async
 * models start the calls and wait for none; blocking models wait for each. Same parameters as
 * {@link HttpGetTask}.
 */
public final class AsyncHttpTask implements Supplier<CompletableFuture<Integer>>, AutoCloseable {
    private final LocalServer[] server = new LocalServer[1];
    private final HttpClient client;
    private final HttpRequest request;

    public AsyncHttpTask(Map<String, String> params) throws IOException {
        URI target = LocalServer.target(params, server);
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(30)).GET().build();
    }

    @Override
    public CompletableFuture<Integer> get() {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
            if (r.statusCode() != 200) {
                throw new CompletionException(new IOException("status " + r.statusCode()));
            }
            return r.statusCode();
        });
    }

    @Override
    public void close() {
        client.close();
        if (server[0] != null) {
            server[0].close();
        }
    }
}
