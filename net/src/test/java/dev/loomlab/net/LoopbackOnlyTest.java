package dev.loomlab.net;

import dev.loomlab.core.server.ListeningSockets;
import dev.loomlab.core.server.ServerProcess;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The http-get target and every echo server listen on 127.0.0.1 alone, as the kernel states it. */
class LoopbackOnlyTest {
    @ParameterizedTest
    @ValueSource(strings = {"TargetServer 0 16", "EchoServer virtual", "EchoServer thread-per-task", "EchoServer nio"})
    void listensOnlyOn127001(String command) throws Exception {
        List<String> words = List.of(command.split(" "));
        InetAddress loopback = InetAddress.getByAddress(new byte[]{127, 0, 0, 1});
        try (ServerProcess server = ServerProcess.start("dev.loomlab.net." + words.get(0), List.of(), words.subList(1, words.size()),
                Duration.ofSeconds(60))) {
            assertThat(ListeningSockets.of(server.pid()))
                    .containsExactly(new InetSocketAddress(loopback, server.port()));
        }
    }
}
