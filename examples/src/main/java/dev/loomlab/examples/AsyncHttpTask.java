package dev.loomlab.examples;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
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
    private final HttpTarget target;

    public AsyncHttpTask(Map<String, String> params) throws IOException {
        target = new HttpTarget(params);
    }

    @Override
    public CompletableFuture<Integer> get() {
        return target.client.sendAsync(target.request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
            if (r.statusCode() != 200) {
                throw new CompletionException(new IOException("status " + r.statusCode()));
            }
            return r.statusCode();
        });
    }

    @Override
    public void close() {
        target.close();
    }
}
