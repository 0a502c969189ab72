package dev.loomlab.core.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server that bends {@link ServerControl}'s protocol for {@link ServerProtocolTest}; its {@code stats}
 * answer {@code call=N}, N counting the stats commands it got.
 * <ul>
 * <li>{@code late-first-reply}: holds its first answer until the next command has arrived on its stdin;
 * <li>{@code junk-after-ready}: before each answer, prints a malformed READY line and a malformed reply;
 * <li>{@code announce LINE}: prints {@code starting up}, then LINE instead of a READY line, and ends when its
 * stdin closes.
 * </ul>
 */
final class ProtocolTestServer {
    private static final long WAIT_MS = TimeUnit.SECONDS.toMillis(60);

    private ProtocolTestServer() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("announce")) {
            System.out.println("starting up");
            System.out.println(args[1]);
            System.out.flush();
            while (System.in.read() >= 0) {
                // until the parent closes our stdin or is gone
            }
            return;
        }
        AtomicInteger calls = new AtomicInteger();
        boolean late = args[0].equals("late-first-reply");
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ServerControl.serve(socket.getLocalPort(), () -> {
                int call = calls.incrementAndGet();
                if (late && call == 1) {
                    awaitNextCommand();
                }
                if (!late) {
                    System.out.println(ServerControl.READY + "port=abc");
                    System.out.println(ServerControl.REPLY + "no-id-here=1");
                }
                return Map.of("call", call);
            }, () -> { });
        }
    }

    /** Waits (at most a minute) until bytes of the next command can be read from stdin. */
    private static void awaitNextCommand() {
        long deadline = System.currentTimeMillis() + WAIT_MS;
        try {
            while (System.in.available() == 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
