package dev.loomlab.examples;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
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
    private final HttpTarget target;

    public HttpGetTask(Map<String, String> params) throws IOException {
        target = new HttpTarget(params);
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        int status = target.client.send(target.request, HttpResponse.BodyHandlers.ofString()).statusCode();
        if (status != 200) {
            throw new IOException("status " + status);
        }
        return status;
    }

    @Override
    public void close() {
        target.close();
    }
}
