package dev.loomlab.net;

import dev.loomlab.core.server.ServerProcess;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServerProcessTest {

    @Test
    void targetServerAnswersAfterItsDelayAndStopsWithClose() throws Exception {
        ServerProcess server = ServerProcess.start(TargetServer.class.getName(), List.of(), List.of("100", "64"), Duration.ofSeconds(60));
        long pid = server.pid();
        try (HttpClient client = HttpClient.newHttpClient()) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/get")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).hasSize(64);
            assertThat(server.stats()).containsEntry("requests", 1.0).containsEntry("connections", 1.0);
        } finally {
            server.close();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    /** A trial that dies closes the server's stdin: the server must end itself. */
    @Test
    void serverEndsWhenItsTrialGoesAway() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), EchoServer.class.getName(), "virtual")
                .redirectErrorStream(true).start();
        try {
            byte[] ready = new byte[16];
            assertThat(p.getInputStream().read(ready)).isPositive();
            p.getOutputStream().close();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aServerThatExitsBeforeReadyIsReportedWithItsOutput() {
        assertThatThrownBy(() -> ServerProcess.start(EchoServer.class.getName(), List.of(), List.of("bogus"), Duration.ofSeconds(60)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exited with code 2")
                .hasMessageContaining("usage: EchoServer");
    }
}
