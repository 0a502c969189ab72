package dev.loomlab.core.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lines between {@link ServerProcess} and {@link ServerControl}: READY, commands and their replies. */
class ServerProtocolTest {
    private static final String SERVER = ProtocolTestServer.class.getName();
    private static final String CLASS_PATH = System.getProperty("java.class.path");
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    @Test
    void aLateReplyIsNeverTakenForTheAnswerToTheNextCommand() throws Exception {
        ServerProcess server = ServerProcess.start(SERVER, CLASS_PATH, List.of(), List.of("late-first-reply"), READY_TIMEOUT,
                Duration.ofSeconds(2));
        try {
            // The server holds its first answer until the next command arrives, so it can only come late.
            assertThatThrownBy(server::stats).isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("did not answer 'stats' within 2s");
            assertThat(server.stats()).as("the second call's own answer").containsEntry("call", 2.0);
            assertThat(server.stats()).containsEntry("call", 3.0);
        } finally {
            server.close();
        }
        assertThat(ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void malformedReadyAndReplyLinesAfterReadyDoNotStopTheOutputBeingRead() throws Exception {
        ServerProcess server = ServerProcess.start(SERVER, CLASS_PATH, List.of(), List.of("junk-after-ready"), READY_TIMEOUT,
                Duration.ofSeconds(60));
        try {
            assertThat(server.stats()).containsEntry("call", 1.0);
            assertThat(server.stats()).containsEntry("call", 2.0);
        } finally {
            server.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"#loomlab-ready port=abc", "#loomlab-ready", "#loomlab-ready port=", "#loomlab-ready port=0",
            "#loomlab-ready port=70000", "#loomlab-ready listening"})
    void aMalformedReadyLineFailsTheStartAtOnceAndLeavesNoProcess(String line) {
        assertThatThrownBy(() -> ServerProcess.start(SERVER, CLASS_PATH, List.of(), List.of("announce", line), READY_TIMEOUT))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("ProtocolTestServer announced its port in a malformed line '" + line + "'")
                .hasMessageEndingWith("; last output: starting up | " + line);
        assertThat(ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains(SERVER))
                .filter(ProcessHandle::isAlive)
                .toList()).as("servers left running").isEmpty();
    }

    @Test
    void aReplyCarriesTheIdOfItsCommand() {
        String line = ServerControl.format(17, Map.of("requests", 3));
        assertThat(line).isEqualTo("#loomlab-reply 17 requests=3");
        assertThat(ServerControl.parse(line)).contains(new ServerControl.Reply(17, Map.of("requests", 3.0)));
        assertThat(ServerControl.parse("#loomlab-reply requests=3")).as("no id").isEmpty();
        assertThat(ServerControl.parse("#loomlab-reply 4 requests=many")).as("not a number").isEmpty();
    }

    @Test
    void aReadyLineNamesAPortFromOneTo65535() {
        assertThat(ServerControl.readyPort("#loomlab-ready port=8080")).isEqualTo(OptionalInt.of(8080));
        assertThat(ServerControl.readyPort("#loomlab-ready port=65535")).isEqualTo(OptionalInt.of(65_535));
        assertThat(ServerControl.readyPort("#loomlab-ready port=65536")).isEmpty();
        assertThat(ServerControl.readyPort("#loomlab-ready port=-1")).isEmpty();
    }
}
