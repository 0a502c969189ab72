package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.tools.attach.VirtualMachine;
import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.core.server.ListeningSockets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code loomlab serve} listens on 127.0.0.1 unless {@code --bind} gives another address, warns when that
 * address lets the network in, and its server ends with it — and so does the PostgreSQL it starts for a db
 * endpoint. Each case runs the CLI in a JVM of its own and reads where the server listens from the kernel.
 */
class ServeBindTest {
    private static final Pattern STARTED = Pattern.compile("\\(pid (\\d+), .* at (http://\\S+)");
    private static final Duration START_LIMIT = Duration.ofMinutes(2);

    @TempDir
    Path tmp;

    /** A running {@code loomlab serve}, the line that said it started, and the lines of its stdout not yet read. */
    private record Served(Process cli, long serverPid, URI url, String started, Path stderr, BlockingQueue<String> lines) {
    }

    @Test
    void byDefaultTheServerListensOn127001Only() throws Exception {
        Served s = serve();
        try {
            InetAddress loopback = InetAddress.getByAddress(new byte[]{127, 0, 0, 1});
            assertThat(s.url().getHost()).isEqualTo("127.0.0.1");
            assertThat(ListeningSockets.of(s.serverPid())).containsExactly(new InetSocketAddress(loopback, s.url().getPort()));
            assertThat(get(s.url())).isEqualTo("ok");
        } finally {
            stop(s);
        }
        assertThat(Files.readString(s.stderr())).doesNotContain("warning");
    }

    @Test
    void bindTakesAnotherLoopbackAddressAndNothingListensOn127001() throws Exception {
        Served s = serve("--bind", "127.0.0.2");
        try {
            InetAddress second = InetAddress.getByAddress(new byte[]{127, 0, 0, 2});
            assertThat(s.url().getHost()).isEqualTo("127.0.0.2");
            assertThat(ListeningSockets.of(s.serverPid())).containsExactly(new InetSocketAddress(second, s.url().getPort()));
            assertThat(get(s.url())).isEqualTo("ok");
            try (Socket other = new Socket()) {
                assertThatThrownBy(() -> other.connect(new InetSocketAddress("127.0.0.1", s.url().getPort()), 10_000))
                        .isInstanceOf(ConnectException.class);
            }
        } finally {
            stop(s);
        }
        assertThat(Files.readString(s.stderr())).as("127.0.0.0/8 is this machine only").doesNotContain("warning");
    }

    /**
     * {@code -p endpoint=cpu}: the server computes the work asked before each answer, which bounds its wall time from below.
     * {@code --cpus} starts the server's JVM on one CPU: /proc shows it on exactly that one, it counts one available
     * processor (so its pools are sized to one), and says so. A load against it records the CPUs of both sides, read from
     * /proc, and says that they share that one.
     */
    @Test
    void serveTakesTheEndpointKindItsWorkAndItsCpus() throws Exception {
        assumeTrue(Taskset.find().isPresent() && CpuAffinity.ofThisProcess().isPresent(), "needs taskset and /proc");
        CpuList first = CpuList.of(CpuAffinity.ofThisProcess().get().first());
        Served s = serve("-p", "endpoint=cpu", "-p", "work=50ms", "--cpus", first.toString());
        try {
            long start = System.nanoTime();
            assertThat(get(s.url())).isEqualTo("ok");
            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(50));

            assertThat(CpuAffinity.of(s.serverPid())).contains(first);
            assertThat(availableProcessors(s.serverPid())).isEqualTo(1);
            assertThat(s.started()).contains(", on CPU " + first + ")");

            Path out = tmp.resolve("load");
            CliHarness.Outcome o = CliHarness.runInto(out, "load", s.url().toString(), "--users", "1", "--duration", "200ms");
            assertThat(o.out()).contains("loomlab load: generator and service share CPU " + first);
            JsonNode params = RunContractTest.results(out).getFirst().get("params");
            assertThat(params.get("load-cpus").asText()).isEqualTo(CpuAffinity.ofThisProcess().get().toString());
            assertThat(params.get("server-cpus").asText()).isEqualTo(first.toString());
            assertThat(Files.readString(out.resolve("report.md"))).contains("generator and service share CPU " + first);
        } finally {
            stop(s);
        }
    }

    /** The JVM {@code pid}'s {@code Runtime.availableProcessors()}, asked over JMX through the attach API. */
    private static int availableProcessors(long pid) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        String address;
        try {
            address = vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
        try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            return ManagementFactory.newPlatformMXBeanProxy(jmx.getMBeanServerConnection(),
                    ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME, OperatingSystemMXBean.class).getAvailableProcessors();
        }
    }

    /**
     * {@code -p endpoint=db-write}: serve starts an embedded PostgreSQL and says where; each answer is one row
     * more in it (counted here, over the URL printed); when serve is stopped as by Ctrl-C, no PostgreSQL
     * process is left on its data folder.
     */
    @Test
    void aDbEndpointGetsAnEmbeddedDatabaseThatEndsWithServe() throws Exception {
        Served s = serve("-p", "endpoint=db-write", "-p", "db-connections=2");
        String dataFolder;
        try {
            String where = null;
            for (int i = 0; i < 60 && where == null; i++) {
                String line = s.lines().poll(1, TimeUnit.SECONDS);
                where = line != null && line.startsWith("loomlab serve: database ") ? line : null;
            }
            assertThat(where).as("serve says where its database is").isNotNull().contains("(embedded");
            String url = where.substring("loomlab serve: database ".length()).split(" ")[0];
            assertThat(url).startsWith("jdbc:postgresql://127.0.0.1:");
            try (var c = DriverManager.getConnection(url, "postgres", ""); var st = c.createStatement()) {
                long before = count(st, "select count(*) from loomlab_writes");
                for (int i = 0; i < 3; i++) {
                    assertThat(get(s.url())).isEqualTo("ok");
                }
                assertThat(count(st, "select count(*) from loomlab_writes") - before).isEqualTo(3);
                try (ResultSet r = st.executeQuery("show data_directory")) {
                    r.next();
                    dataFolder = r.getString(1);
                }
            }
        } finally {
            stop(s);
        }
        assertThat(dataFolder).contains("loomlab-postgres-");
        String folder = dataFolder;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<Long> left = postgresOn(folder);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = postgresOn(folder);
        }
        assertThat(left).as("PostgreSQL processes left on " + folder).isEmpty();
    }

    private static long count(Statement st, String sql) throws Exception {
        try (ResultSet r = st.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The processes whose command line names {@code dataFolder}: its postmaster, and the watchdog. */
    private static List<Long> postgresOn(String dataFolder) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains(dataFolder))
                .map(ProcessHandle::pid)
                .toList();
    }

    @Test
    void onlyAnAddressBeyondLoopbackIsWarnedAbout() throws Exception {
        for (String local : List.of("127.0.0.1", "127.0.0.2", "::1")) {
            assertThat(ServeCommand.exposure(InetAddress.getByName(local))).as(local).isEmpty();
        }
        for (String open : List.of("0.0.0.0", "::")) {
            assertThat(ServeCommand.exposure(InetAddress.getByName(open))).as(open).hasValueSatisfying(w -> assertThat(w)
                    .startsWith("loomlab serve: warning: ").contains("reachable from the network").doesNotContain("\n"));
        }
    }

    /** Starts {@code loomlab serve jdk -p delay=0ms <extra>} and waits for the line with its pid and URL. */
    private Served serve(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "jdk", "-p", "delay=0ms"));
        args.addAll(List.of(extra));
        Path stderr = tmp.resolve("stderr-" + args.size() + ".txt");
        Process cli = ChildCli.builder(List.of(), args.toArray(String[]::new)).redirectError(stderr.toFile()).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(cli.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (java.io.IOException ignored) {
                // the CLI is gone; the wait below says so
            }
        });
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            String line = lines.poll(1, TimeUnit.SECONDS);
            Matcher m = line == null ? null : STARTED.matcher(line);
            if (m != null && m.find()) {
                return new Served(cli, Long.parseLong(m.group(1)), URI.create(m.group(2)), line, stderr, lines);
            }
            if (line == null && !cli.isAlive()) {
                break;
            }
        }
        cli.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("loomlab serve did not start: " + Files.readString(stderr));
    }

    /** Ctrl-C's signal to the CLI: it and its server end. */
    private static void stop(Served s) throws Exception {
        s.cli().destroy();
        assertThat(s.cli().waitFor(30, TimeUnit.SECONDS)).isTrue();
        ProcessHandle.of(s.serverPid()).ifPresent(server -> assertThat(server.onExit())
                .as("the server ends with loomlab serve").succeedsWithin(Duration.ofSeconds(30)));
    }

    private static String get(URI url) throws Exception {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
            return client.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        }
    }
}
