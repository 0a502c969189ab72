package dev.loomlab.cli;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code loomlab load --engine jmeter}: Apache JMeter in a JVM of its own loads a server that counts what it serves;
 * with {@code --remote} two {@code loomlab load-agent}s, started as a user starts them, split the users and their
 * counts make the run's; an agent with {@code --rmi-keystore} speaks only mutual TLS, on loopback too, and serves only a
 * controller with the same keystore; no engine JVM is left afterwards.
 */
class JmeterLoadTest {
    private static final String ENGINE_MAIN = "dev.loomlab.jmeter.JmeterMain";
    private static final long DELAY_MS = 50;
    /** The keystores' password as agents and controllers read it: docs/jmeter.md's, unless the environment sets one. */
    private static final String KEYSTORE_PASSWORD = System.getenv().getOrDefault("LOOMLAB_RMI_KEYSTORE_PASSWORD", "changeit");

    @TempDir
    Path tmp;

    private HttpServer http;
    private final AtomicLong served = new AtomicLong();

    /** A server that answers "ok" after 50 ms, naming a virtual thread, and counts every request it answered. */
    private String server() throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/get", exchange -> {
            try (exchange) {
                Thread.sleep(DELAY_MS);
                served.incrementAndGet();
                byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
                exchange.getResponseHeaders().set("X-Loomlab-Thread", "virtual");
                exchange.sendResponseHeaders(200, ok.length);
                exchange.getResponseBody().write(ok);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        http.start();
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
    }

    @AfterEach
    void stop() {
        if (http != null) {
            http.stop(0);
        }
    }

    private static double median(Result r, String metric) {
        return ((Summary) r.metrics().get(metric)).median();
    }

    @Test
    void aJmeterLoadCountsWhatTheServerServedAndNamesItsEngine() throws Exception {
        String url = server();
        Path out = tmp.resolve("jmeter");
        try (ProcessWatch engines = new ProcessWatch(ENGINE_MAIN)) {
            CliHarness.Outcome o = CliHarness.run("load", url, "--engine", "jmeter", "--users", "20", "--duration", "2s",
                    "--expect", "ok", "--out", out.toString());
            assertThat(o.exit()).as(o.out() + o.err()).isZero();
            assertThat(engines.seen()).as("one JMeter JVM ran the load").isEqualTo(1);
            assertThat(engines.alive()).as("and it is gone").isEmpty();
        }
        Result r = new ResultsFolder(out).read().getFirst();
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.model()).isEqualTo("closed:20");
        double requests = median(r, "requests");
        // the users' first requests, sent while the others were still starting, reached the server before the measured
        // span began: the result counts no more than the server served, every one of them answered ok
        assertThat(requests).isPositive().isLessThanOrEqualTo(served.get());
        assertThat(median(r, "ok")).isEqualTo(requests);
        assertThat(median(r, "errors")).isZero();
        assertThat(median(r, "served_by_virtual")).isEqualTo(requests);
        // physics: 20 users, each answer 50 ms at least: at most 20 × (2 s / 50 ms + 1) answers end within the 2 s
        assertThat(median(r, "throughput_per_s")).isPositive().isLessThanOrEqualTo(20 * (2.0 / 0.050 + 1) / 2.0);
        assertThat(r.metrics().get("task_latency_ms").toString()).isNotEmpty();
        assertThat(median(r, "latency_from_intended_send")).isZero();
        assertThat(r.metrics().keySet()).noneMatch(k -> k.contains("uncorrected"));
        assertThat(r.section(LoadEngineInfo.SECTION).orElseThrow().name()).isEqualTo("jmeter");
        assertThat(r.section(LoadEngineInfo.SECTION).orElseThrow().version()).isEqualTo("5.6.3");
        assertThat(r.section(LoadEngineInfo.SECTION).orElseThrow().latency()).contains("not corrected for coordinated omission");
        assertThat(r.section(LoadEngineInfo.SECTION).orElseThrow().remotes()).isEmpty();
        // JMeter's users are threads: its JVM ran at least one per user
        assertThat(median(r, "engine_threads_peak")).isGreaterThanOrEqualTo(20.0);
    }

    /** A free port P whose P + 1 is free too (an agent needs both). */
    private static int freePair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int p;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                p = s.getLocalPort();
            }
            if (p < 65_000) {
                try (ServerSocket a = new ServerSocket(p, 1, InetAddress.getLoopbackAddress());
                     ServerSocket b = new ServerSocket(p + 1, 1, InetAddress.getLoopbackAddress())) {
                    return p;
                } catch (IOException taken) {
                    // try another
                }
            }
        }
        throw new IOException("no two free consecutive ports");
    }

    /**
     * {@code loomlab load-agent --port P [extra…]} in a JVM of its own, as a user starts it; returns once it says it listens
     * (over SSL when {@code extra} names a keystore).
     */
    private static Process agent(int port, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("load-agent", "--port", Integer.toString(port)));
        args.addAll(List.of(extra));
        Process p = ChildCli.builder(List.of(), args.toArray(String[]::new)).redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> listening = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.startsWith("loomlab load-agent: JMeter engine")) {
                        return line;
                    }
                }
                return "ended";
            } catch (IOException e) {
                return e.toString();
            }
        });
        String line = listening.get(120, TimeUnit.SECONDS);
        assertThat(line).contains("listens on 127.0.0.1:" + port + " (RMI registry) and 127.0.0.1:" + (port + 1) + " (engine), "
                + (args.contains("--rmi-keystore") ? "RMI over SSL" : "plain RMI"));
        // keep reading so that the agent never blocks on a full pipe
        Thread.ofVirtual().start(() -> {
            try {
                while (lines.readLine() != null) {
                    // drained
                }
            } catch (IOException ignored) {
                // gone
            }
        });
        return p;
    }

    @Test
    void twoLoadAgentsSplitTheUsersAndTheirCountsMakeTheRun() throws Exception {
        String url = server();
        Path out = tmp.resolve("remote");
        List<Process> agents = new ArrayList<>();
        try (ProcessWatch engines = new ProcessWatch(ENGINE_MAIN)) {
            try {
                int a = freePair();
                agents.add(agent(a));
                int b = freePair();
                agents.add(agent(b));
                CliHarness.Outcome o = CliHarness.run("load", url, "--engine", "jmeter", "--remote",
                        "127.0.0.1:" + a + ",127.0.0.1:" + b, "--users", "21", "--duration", "3s", "--expect", "ok",
                        "--out", out.toString());
                assertThat(o.exit()).as(o.out() + o.err()).isZero();
                assertThat(o.out()).contains("remote engine 127.0.0.1:" + a + ", 11 users: ").contains("remote engine 127.0.0.1:"
                        + b + ", 10 users: ");

                Result r = new ResultsFolder(out).read().getFirst();
                assertThat(r.status()).isEqualTo(Status.OK);
                List<LoadEngineInfo.Remote> remotes = r.section(LoadEngineInfo.SECTION).orElseThrow().remotes();
                assertThat(remotes).extracting(LoadEngineInfo.Remote::address).containsExactly("127.0.0.1:" + a, "127.0.0.1:" + b);
                // 21 users over two engines: 11 and 10, and both sent requests
                assertThat(remotes).extracting(LoadEngineInfo.Remote::users).containsExactly(11, 10);
                assertThat(remotes).allSatisfy(e -> assertThat(e.requests()).isPositive());
                // the merged figures are the sum of the engines' own, and no more than the server served
                long requests = remotes.stream().mapToLong(LoadEngineInfo.Remote::requests).sum();
                long ok = remotes.stream().mapToLong(LoadEngineInfo.Remote::ok).sum();
                assertThat(median(r, "requests")).isEqualTo((double) requests);
                assertThat(median(r, "ok")).isEqualTo((double) ok).isEqualTo((double) requests);
                assertThat((double) requests).isLessThanOrEqualTo(served.get());
                // 21 users × 50 ms: at most 21 × (3 s / 50 ms + 1) answers end within the span
                assertThat(median(r, "throughput_per_s")).isPositive().isLessThanOrEqualTo(21 * (3.0 / 0.050 + 1) / 3.0);
            } finally {
                for (Process agent : agents) {
                    agent.destroy();   // SIGTERM, as a user's Ctrl-C or kill
                    assertThat(agent.waitFor(60, TimeUnit.SECONDS)).as("the agent ended").isTrue();
                }
            }
            // the controller's JVM and both agents' engines: three JMeter JVMs, none left behind
            assertThat(engines.aliveAfter(Duration.ofSeconds(20))).as("JMeter JVMs still running").isEmpty();
            assertThat(engines.seen()).isEqualTo(3);
        }
    }

    /** A keystore made as docs/jmeter.md makes it, with the JDK's own keytool. */
    private Path keystore(String name) throws Exception {
        Path file = tmp.resolve(name);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-alias", "rmi", "-keyalg", "RSA", "-keysize", "2048", "-validity", "365", "-dname", "CN=loomlab-rmi",
                "-keystore", file.toString(), "-storetype", "PKCS12", "-storepass", KEYSTORE_PASSWORD, "-keypass", KEYSTORE_PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isZero();
        return file;
    }

    /** A TLS client to {@code port} that trusts {@code keystore}'s certificate and, {@code withKey}, shows it as its own. */
    private static SSLSocket tlsClient(Path keystore, boolean withKey, int port) throws Exception {
        KeyStore ks = KeyStore.getInstance(keystore.toFile(), KEYSTORE_PASSWORD.toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(ks);
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(ks, KEYSTORE_PASSWORD.toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(withKey ? keys.getKeyManagers() : null, trust.getTrustManagers(), null);
        SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port);
        s.setSoTimeout(10_000);
        return s;
    }

    @Test
    void anAgentWithAKeystoreSpeaksOnlyMutualTlsWithThatKeystoreOnLoopbackToo() throws Exception {
        Path keys = keystore("rmi_keystore.p12");
        Path other = keystore("other_keystore.p12");
        String url = server();
        Path out = tmp.resolve("ssl");
        Process agent = null;
        try (ProcessWatch engines = new ProcessWatch(ENGINE_MAIN)) {
            try {
                int port = freePair();
                agent = agent(port, "--rmi-keystore", keys.toString());
                String remote = "127.0.0.1:" + port;

                // Seen from outside loomlab and JMeter: the registry and the engine speak TLS with the keystore's certificate,
                // and close on a client that has no certificate to show
                Certificate own = KeyStore.getInstance(keys.toFile(), KEYSTORE_PASSWORD.toCharArray()).getCertificate("rmi");
                for (int p : new int[]{port, port + 1}) {
                    try (SSLSocket s = tlsClient(keys, true, p)) {
                        s.startHandshake();
                        assertThat(s.getSession().getPeerCertificates()[0]).as("port " + p).isEqualTo(own);
                    }
                    try (SSLSocket s = tlsClient(keys, false, p)) {
                        assertThatThrownBy(() -> {
                            s.startHandshake();
                            s.getInputStream().read();
                        }).as("port " + p + " without a client certificate").isInstanceOf(SSLException.class);
                    }
                }

                // a controller with another keystore: the handshake fails before anything is sent
                CliHarness.Outcome wrong = CliHarness.run("load", url, "--engine", "jmeter", "--remote", remote, "--rmi-keystore",
                        other.toString(), "--users", "2", "--duration", "2s", "--out", tmp.resolve("wrong").toString());
                assertThat(wrong.exit()).as(wrong.out() + wrong.err()).isEqualTo(2);
                assertThat(wrong.err()).contains("loomlab: remote engine " + remote + ": the TLS handshake failed (RMI over SSL"
                        + " needs the engine started with --rmi-keystore, the same keystore as here): ");
                // a controller without one (plain RMI, loopback's default) cannot talk to it either
                CliHarness.Outcome plain = CliHarness.run("load", url, "--engine", "jmeter", "--remote", remote, "--users", "2",
                        "--duration", "2s", "--out", tmp.resolve("plain").toString());
                assertThat(plain.exit()).as(plain.out() + plain.err()).isEqualTo(2);
                assertThat(plain.err()).contains("loomlab: remote engine " + remote + " does not answer plain RMI: non-JRMP server"
                        + " at remote endpoint (an engine started with --rmi-keystore needs --rmi-keystore here too)");
                assertThat(served.get()).as("nothing was sent").isZero();

                // the same keystore: the load runs on the agent, which the refused handshakes left serving; the samples come
                // back to the controller's listener on --rmi-port, which speaks TLS with that keystore's certificate too
                int callback = freePair();
                CompletableFuture<CliHarness.Outcome> run = CompletableFuture.supplyAsync(() -> CliHarness.run("load", url,
                        "--engine", "jmeter", "--remote", remote, "--rmi-keystore", keys.toString(), "--rmi-port",
                        Integer.toString(callback), "--users", "4", "--duration", "2s", "--expect", "ok", "--out", out.toString()));
                Certificate listener = null;
                while (listener == null && !run.isDone()) {
                    try (SSLSocket s = tlsClient(keys, true, callback)) {
                        s.startHandshake();
                        listener = s.getSession().getPeerCertificates()[0];
                    } catch (ConnectException notYet) {
                        Thread.sleep(20);
                    }
                }
                CliHarness.Outcome o = run.get(120, TimeUnit.SECONDS);
                assertThat(o.exit()).as(o.out() + o.err()).isZero();
                assertThat(listener).as("the controller's listener on --rmi-port " + callback).isEqualTo(own);
                assertThat(o.out()).contains("remote engine " + remote + ", 4 users: ");
                Result r = new ResultsFolder(out).read().getFirst();
                assertThat(r.status()).isEqualTo(Status.OK);
                assertThat(r.section(LoadEngineInfo.SECTION).orElseThrow().remotes()).hasSize(1);
                LoadEngineInfo.Remote engine = r.section(LoadEngineInfo.SECTION).orElseThrow().remotes().getFirst();
                assertThat(engine.address()).isEqualTo(remote);
                assertThat(engine.requests()).isPositive();
                assertThat(engine.ok()).isEqualTo(engine.requests()).isLessThanOrEqualTo(served.get());
                assertThat(median(r, "ok")).isEqualTo((double) engine.ok());
            } finally {
                if (agent != null) {
                    agent.destroy();
                    assertThat(agent.waitFor(60, TimeUnit.SECONDS)).as("the agent ended").isTrue();
                }
            }
            assertThat(engines.aliveAfter(Duration.ofSeconds(20))).as("JMeter JVMs still running").isEmpty();
            // the agent's engine and the three controllers'
            assertThat(engines.seen()).isEqualTo(4);
        }
    }

    @Test
    void anEngineKilledMidRunIsAFailedResultWithItsReason() throws Exception {
        String url = server();
        Path out = tmp.resolve("killed");
        try (ProcessWatch engines = new ProcessWatch(ENGINE_MAIN)) {
            CompletableFuture<CliHarness.Outcome> run = CompletableFuture.supplyAsync(() -> CliHarness.run("load", url, "--engine",
                    "jmeter", "--users", "4", "--duration", "60s", "--out", out.toString()));
            ProcessHandle engine = engines.awaitLive(Duration.ofSeconds(60));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (served.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(served.get()).as("the load started").isPositive();
            engine.destroyForcibly();
            CliHarness.Outcome o = run.get(120, TimeUnit.SECONDS);
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
            assertThat(o.err()).contains("exited with code 137 during the run, before it wrote its outcome");
            Result r = new ResultsFolder(out).read().getFirst();
            assertThat(r.status()).isEqualTo(Status.FAILED);
            assertThat(r.error()).contains("the JMeter engine (pid " + engine.pid() + ") exited with code 137");
            assertThat(r.section(LoadEngineInfo.SECTION).orElseThrow().name()).isEqualTo("jmeter");
            assertThat(engines.alive()).isEmpty();
        }
    }

    @Test
    void anAgentsPortInUseIsBadInputBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ProcessWatch engines = new ProcessWatch(ENGINE_MAIN)) {
            int port = taken.getLocalPort();
            CliHarness.Outcome o = CliHarness.run("load-agent", "--port", Integer.toString(port));
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err().strip()).isEqualTo("loomlab: port " + port + " on 127.0.0.1 is in use (the agent needs --port " + port
                    + " and " + (port + 1) + ")");
            // P + 1 in use counts too
            o = CliHarness.run("load-agent", "--port", Integer.toString(port - 1));
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err()).contains(" on 127.0.0.1 is in use");
            assertThat(engines.seen()).as("no engine was started").isZero();
        }
    }
}
