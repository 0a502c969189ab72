package dev.loomlab.core.server;

import dev.loomlab.core.process.ChildProcess;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Sorts a server's output lines as they are read: its first {@link ServerControl#READY} line gives the port
 * ({@link #ready}), its well-formed replies are queued ({@link #replies}), and everything else is the
 * server's own output, copied to {@code copy} as {@code [name] line} and kept in the tail.
 * <p>
 * A first line that starts with READY's word but names no valid port fails {@link #ready} at once with an
 * {@link IOException} quoting it — the server is broken, and waiting out the ready timeout would only hide
 * that — and is kept as output, like a later READY line or a malformed reply: no line stops the reading.
 * When the output ends before any READY line, {@link #ready} fails with an {@link EOFException}. The
 * messages of both failures follow the server's name.
 */
final class ServerOutput implements ChildProcess.Lines {
    private final String name;
    private final PrintStream copy;
    private final CompletableFuture<Integer> ready = new CompletableFuture<>();
    private final BlockingQueue<ServerControl.Reply> replies = new LinkedBlockingQueue<>();

    ServerOutput(String name, PrintStream copy) {
        this.name = name;
        this.copy = copy;
    }

    /** The port the server announced; fails as the class says. */
    CompletableFuture<Integer> ready() {
        return ready;
    }

    /** The replies read so far and not yet taken, oldest first. */
    BlockingQueue<ServerControl.Reply> replies() {
        return replies;
    }

    @Override
    public boolean take(String line) {
        if (line.startsWith(ServerControl.READY.strip()) && !ready.isDone()) {
            OptionalInt port = ServerControl.readyPort(line);
            if (port.isPresent()) {
                ready.complete(port.getAsInt());
                return false;
            }
            ready.completeExceptionally(new IOException("announced its port in a malformed line '" + line
                    + "' (expected '" + ServerControl.READY + "port=N', N from 1 to 65535)"));
        } else if (line.startsWith(ServerControl.REPLY)) {
            var reply = ServerControl.parse(line);
            if (reply.isPresent()) {
                replies.add(reply.get());
                return false;
            }
        }
        copy.println("[" + name + "] " + line);
        return true;
    }

    @Override
    public void end() {
        ready.completeExceptionally(new EOFException("closed its output"));
    }
}
