package dev.loomlab.examples;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A blocking HTTP call: {@link HttpClient#send} of a GET, as a service's client code does. Parameters:
 * {@code url} (default: a local server this task starts, answering after {@code delay-ms}, default 50).
 * Returns the status code; a status other than 200 throws, and loomlab counts it as a failed call.
 *
 * <pre>loomlab run task --classpath examples/target/classes --task dev.loomlab.examples.HttpGetTask \
 *     -m platform:10,virtual -p tasks=2000</pre>
 */
public final class HttpGetTask implements Callable<Integer>, AutoCloseable {
    private final LocalServer[] server = new LocalServer[1];
    private final HttpClient client;
    private final HttpRequest request;

    public HttpGetTask(Map<String, String> params) throws IOException {
        URI target = LocalServer.target(params, server);
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(30)).GET().build();
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        int status = client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
        if (status != 200) {
            throw new IOException("status " + status);
        }
        return status;
    }

    @Override
    public void close() {
        client.close();
        if (server[0] != null) {
            server[0].close();
        }
    }
}
