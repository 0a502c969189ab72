package dev.loomlab.net;

import dev.loomlab.core.server.ServerControl;
import dev.loomlab.core.server.ServerMetrics;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.LineBasedFrameDecoder;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Article 004's echo server, in its own JVM: each line a client sends comes back; {@code bye} ends the
 * connection from the server's side (so TIME_WAIT lands here, not on the client's ports). Kinds:
 * {@code virtual} — a virtual thread per accepted connection, as the article; {@code thread-per-task}
 * — a platform thread per connection, until the machine refuses one (the count it reached is reported
 * as {@code thread_limit}); {@code nio} — Netty event loops, one per core. Every handler records the
 * thread that ran it — for a virtual thread its carrier, read from {@code Thread.toString()} as the
 * article did — and {@code carriers} is how many distinct ones there were.
 * Usage: {@code EchoServer <kind>}.
 */
public final class EchoServer {
    static final String BYE = "bye";

    private final ConnectionCounters counters = new ConnectionCounters();
    private final Set<String> carriers = ConcurrentHashMap.newKeySet();
    private final LongAdder echoed = new LongAdder();
    private final LongAdder threadStartFailures = new LongAdder();
    private final AtomicLong threadLimit = new AtomicLong(-1);
    private final AtomicLong liveHandlers = new AtomicLong();

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || !Set.of("virtual", "thread-per-task", "nio").contains(args[0])) {
            System.err.println("usage: EchoServer virtual|thread-per-task|nio");
            System.exit(2);
        }
        EchoServer server = new EchoServer();
        int port = args[0].equals("nio") ? server.startNio() : server.startBlocking(args[0].equals("virtual"));
        ServerControl.serve(port, server::stats, server::reset);
    }

    private Map<String, Number> stats() {
        Map<String, Number> out = new LinkedHashMap<>(counters.snapshot());
        out.put("echoed", echoed.sum());
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_CARRIERS), carriers.size());
        out.put("thread_start_failures", threadStartFailures.sum());
        if (threadLimit.get() >= 0) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_THREAD_LIMIT), threadLimit.get());
        }
        return out;
    }

    private void reset() {
        counters.reset();
        carriers.clear();
        echoed.reset();
        threadStartFailures.reset();
    }

    /** The thread running this handler: a virtual thread's carrier ("…@ForkJoinPool-1-worker-3"), else itself. */
    private void recordCarrier() {
        Thread t = Thread.currentThread();
        if (t.isVirtual()) {
            String s = t.toString();
            int at = s.lastIndexOf('@');
            carriers.add(at >= 0 ? s.substring(at + 1) : s);
        } else {
            carriers.add(t.getName());
        }
    }

    private int startBlocking(boolean virtual) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.bind(new InetSocketAddress(NetLimits.LOOPBACK, 0), NetLimits.BACKLOG);
        Thread.Builder handlers = virtual ? Thread.ofVirtual().name("echo-", 0) : Thread.ofPlatform().name("echo-", 0);
        Thread acceptor = new Thread(() -> acceptLoop(listener, handlers), "echo-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        return listener.getLocalPort();
    }

    private void acceptLoop(ServerSocket listener, Thread.Builder handlers) {
        while (true) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                System.out.println("accept failed: " + e);
                return;
            }
            counters.opened();
            liveHandlers.incrementAndGet();
            try {
                handlers.start(() -> serve(socket));
            } catch (OutOfMemoryError e) {
                liveHandlers.decrementAndGet();
                // "unable to create native thread": the machine's limit for platform threads
                threadStartFailures.increment();
                if (threadLimit.compareAndSet(-1, liveHandlers.get())) {
                    System.out.println("thread limit reached with " + liveHandlers.get() + " connection threads: " + e.getMessage());
                }
                closeQuietly(socket);
                counters.closed();
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
            OutputStream out = socket.getOutputStream();
            recordCarrier();
            String line;
            while ((line = in.readLine()) != null && !line.equals(BYE)) {
                recordCarrier();
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                echoed.increment();
            }
        } catch (IOException ignored) {
            // the client went away; its side counts the error
        } finally {
            liveHandlers.decrementAndGet();
            counters.closed();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }

    private int startNio() throws InterruptedException {
        return NettyLoopback.bind(new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory()),
                new MultiThreadIoEventLoopGroup(Runtime.getRuntime().availableProcessors(), NioIoHandler.newFactory()), counters,
                () -> new ChannelHandler[]{new LineBasedFrameDecoder(1024), new NioEcho()});
    }

    /** Echoes each line on the event loop; closes on {@code bye}. */
    private final class NioEcho extends SimpleChannelInboundHandler<ByteBuf> {
        private static final ByteBuf NEWLINE = Unpooled.unreleasableBuffer(Unpooled.copiedBuffer("\n", StandardCharsets.US_ASCII));

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf line) {
            recordCarrier();
            if (line.toString(StandardCharsets.UTF_8).equals(BYE)) {
                ctx.close();
                return;
            }
            ctx.write(line.retain());
            ctx.writeAndFlush(NEWLINE.duplicate());
            echoed.increment();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
