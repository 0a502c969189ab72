package dev.loomlab.core.server;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A server's arguments: 127.0.0.1 unless an address is given, and an address only as an IP literal. */
class ServerArgsTest {
    @Test
    void withoutAnAddressAServerListensOnLoopback127001() throws Exception {
        ServerArgs args = ServerArgs.parse(new String[]{"300ms", "0"});
        assertThat(args.bind()).isEqualTo(InetAddress.getByAddress(new byte[]{127, 0, 0, 1}));
        assertThat(args.delayMillis()).isEqualTo(300);
        assertThat(new ServerArgs(5, 0).bind()).isEqualTo(args.bind());
    }

    @Test
    void aGivenAddressIsTaken() throws Exception {
        assertThat(ServerArgs.parse(new String[]{"0ms", "8080", "127.0.0.2"}).bind())
                .isEqualTo(InetAddress.getByAddress(new byte[]{127, 0, 0, 2}));
        assertThat(ServerArgs.parseAddress("0.0.0.0").isAnyLocalAddress()).isTrue();
        assertThat(ServerArgs.parseAddress("::1").isLoopbackAddress()).isTrue();
    }

    /** Host names are refused, not resolved: reading the argument must not reach a DNS server. */
    @ParameterizedTest
    @ValueSource(strings = {"localhost", "example.com", "256.0.0.1", "127.0.0", "1.2.3.4.5", "::g", "1:2:3:4:5:6:7:8:9", ""})
    void anythingButAnIpLiteralIsRefusedInOneLine(String text) {
        assertThatThrownBy(() -> ServerArgs.parseAddress(text))
                .isInstanceOf(BadInputException.class)
                .hasMessage("'" + text + "' is not an IP address (e.g. 127.0.0.1, 127.0.0.2, ::1 or 0.0.0.0)");
    }

    /** The helper the bind tests rest on reads a socket this test opened itself. */
    @Test
    void listeningSocketsSeesWhereThisJvmListens() throws Exception {
        InetAddress second = InetAddress.getByAddress(new byte[]{127, 0, 0, 2});
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(second, 0));
            assertThat(ListeningSockets.of(ProcessHandle.current().pid()))
                    .contains(new InetSocketAddress(second, socket.getLocalPort()));
        }
    }

    /** Without endpoint words a server answers article 004's sleep; words after the address choose another kind. */
    @Test
    void endpointWordsFollowThePositionalArguments() throws Exception {
        assertThat(ServerArgs.parse(new String[]{"300ms", "0"}).endpoint()).isEqualTo(EndpointSpec.DEFAULT);
        assertThat(EndpointSpec.DEFAULT.kind()).isEqualTo(Endpoint.SLEEP);
        ServerArgs cpu = ServerArgs.parse(new String[]{"0ms", "0", "127.0.0.2", "endpoint=cpu", "work=5ms"});
        assertThat(cpu.bind()).isEqualTo(InetAddress.getByAddress(new byte[]{127, 0, 0, 2}));
        assertThat(cpu.endpoint().kind()).isEqualTo(Endpoint.CPU);
        assertThat(cpu.endpoint().workNanos()).isEqualTo(5_000_000L);
        ServerArgs memory = ServerArgs.parse(new String[]{"0ms", "0", "endpoint=memory", "retain=2k", "cache=50"});
        assertThat(memory.bind()).isEqualTo(ServerArgs.LOOPBACK);
        assertThat(memory.endpoint()).isEqualTo(new EndpointSpec(Endpoint.MEMORY, memory.endpoint().workNanos(), 2_000, 50, 10, 10,
                20_000_000L));
        ServerArgs batch = ServerArgs.parse(new String[]{"0ms", "0", "endpoint=db-write-batch", "batch=25", "db-connections=4"});
        assertThat(batch.endpoint().kind()).isEqualTo(Endpoint.DB_WRITE_BATCH);
        assertThat(batch.endpoint().batch()).isEqualTo(25);
        assertThat(batch.endpoint().dbConnections()).isEqualTo(4);
        ServerArgs sleep = ServerArgs.parse(new String[]{"0ms", "0", "endpoint=db-sleep", "db-latency=35ms", "db-connections=5"});
        assertThat(sleep.endpoint().kind()).isEqualTo(Endpoint.DB_SLEEP);
        assertThat(sleep.endpoint().dbLatencyNanos()).isEqualTo(35_000_000L);
        assertThat(sleep.endpoint().dbConnections()).isEqualTo(5);
    }

    @Test
    void aSpecsWordsReadBackIntoTheSameSpec() {
        EndpointSpec spec = new EndpointSpec(Endpoint.DB_WRITE_BATCH, 1_500_000, 123, 7, 3, 40, 25_000_000);
        assertThat(spec.words()).containsExactly("endpoint=db-write-batch", "work=1500us", "retain=123", "cache=7",
                "db-connections=3", "batch=40", "db-latency=25ms");
        assertThat(EndpointSpec.parse(spec.words())).isEqualTo(spec);
    }

    /** Only the db endpoints need a database: a run of sleep, cpu or memory starts none. */
    @Test
    void onlyTheDbEndpointsNeedADatabase() {
        for (Endpoint kind : Endpoint.values()) {
            ParamValues p = ParamValues.parse("web", EndpointSpec.PARAMS, Map.of("endpoint", kind.word()));
            assertThat(EndpointSpec.needsDatabase(p)).as(kind.word()).isEqualTo(kind.word().startsWith("db"));
        }
        assertThat(EndpointSpec.needsDatabase(ParamValues.parse("web", EndpointSpec.PARAMS, Map.of()))).isFalse();
        assertThat(EndpointSpec.needsDatabase(ParamValues.parse("other", List.of(ParamSpec.tasks("10")), Map.of()))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"endpoint=bogus", "endpoint=database", "endpoint=", "work=5", "work=0ms",
            "retain=0", "cache=10001", "db-connections=0", "db-connections=1001", "batch=0", "db-latency=61s", "db-latency=5",
            "size=3", "endpoint"})
    void aBadEndpointWordIsRefusedInOneLine(String word) {
        assertThatThrownBy(() -> ServerArgs.parse(new String[]{"0ms", "0", word}))
                .isInstanceOf(BadInputException.class)
                .hasMessageNotContaining("\n");
    }
}
