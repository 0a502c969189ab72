package dev.loomlab.load.jmeter;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code --remote}'s list and the RMI options: checked before anything starts, one line each. */
class RemoteEnginesTest {
    @TempDir
    Path tmp;

    private static void refused(String list, Path keystore, boolean insecure, int port, String message) {
        assertThatThrownBy(() -> RemoteEngines.parse(list, keystore, insecure, port)).isInstanceOf(BadInputException.class)
                .hasMessageContaining(message);
    }

    @Test
    void loopbackEnginesNeedNothingMore() {
        RemoteEngines r = RemoteEngines.parse("127.0.0.1:4000,127.0.0.1:4002", null, false, 0);
        assertThat(r.addresses()).containsExactly("127.0.0.1:4000", "127.0.0.1:4002");
        assertThat(r.callbackHost()).isEqualTo("127.0.0.1");
        assertThat(r.keystore()).isNull();
    }

    @Test
    void aMalformedListIsRefused() {
        refused("127.0.0.1", null, false, 0, "'127.0.0.1' is not HOST:PORT");
        refused("127.0.0.1:", null, false, 0, "is not HOST:PORT");
        refused(":4000", null, false, 0, "is not HOST:PORT");
        refused("127.0.0.1:4000,", null, false, 0, "'' is not HOST:PORT");
        refused("::1:4000", null, false, 0, "is not HOST:PORT");
        refused("127.0.0.1:http", null, false, 0, "'http' is not a port number");
        refused("127.0.0.1:0", null, false, 0, "port 0 is not 1 to 65535");
        refused("127.0.0.1:65536", null, false, 0, "port 65536 is not 1 to 65535");
        refused("127.0.0.1:4000,127.0.0.1:4000", null, false, 0, "127.0.0.1:4000 is named twice");
        refused("no-such-host.invalid:4000", null, false, 0, "unknown host 'no-such-host.invalid'");
    }

    @Test
    void everyRemoteEngineGetsAUserAtLeast() {
        JmeterEngine engine = new JmeterEngine(RemoteEngines.parse("127.0.0.1:4000,127.0.0.1:4002,127.0.0.1:4004", null, false, 0));
        dev.loomlab.load.LoadSpec two = dev.loomlab.load.LoadSpec.closed(java.net.URI.create("http://127.0.0.1:8080/get"), 2,
                java.time.Duration.ZERO, java.time.Duration.ofSeconds(1), dev.loomlab.load.Ramp.CONSTANT, java.time.Duration.ofSeconds(1), null);
        assertThatThrownBy(() -> engine.check(two)).isInstanceOf(BadInputException.class)
                .hasMessage("--users 2 over 3 remote engines: give each engine one user at least");
    }

    @Test
    void anotherMachineNeedsSslOrAnExplicitOptOut() throws Exception {
        // 192.0.2.1 (TEST-NET-1, RFC 5737) is no address of this machine
        refused("192.0.2.1:4000", null, false, 0, "192.0.2.1 is not on loopback: RMI over the network needs --rmi-keystore FILE");
        Path keystore = Files.writeString(tmp.resolve("rmi.p12"), "x");
        refused("127.0.0.1:4000", keystore, true, 0, "--rmi-keystore and --rmi-insecure exclude each other");
        refused("127.0.0.1:4000", tmp.resolve("none.p12"), false, 0, "is not a readable file");
        refused("127.0.0.1:4000,127.0.0.1:4002", keystore, false, 4200, "--rmi-port with --rmi-keystore takes one remote engine");
        refused("127.0.0.1:4000", null, false, 70000, "--rmi-port 70000 is not in 3..65535 (0: any free port)");
        refused("127.0.0.1:4000", null, false, 2, "--rmi-port 2 is not in 3..65535 (0: any free port)");
        assertThat(RemoteEngines.parse("127.0.0.1:4000", keystore, false, 4200).keystore()).isEqualTo(keystore.toAbsolutePath());
    }
}
