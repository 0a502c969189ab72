package dev.loomlab.net;

import dev.loomlab.core.server.ServerControl;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP target of {@code http-get}, run in its own JVM: answers every {@code GET} after {@code delay}
 * ms with a body of {@code size} bytes, keep-alive. Netty event loops (one per core) schedule the reply
 * instead of holding a thread, so 10,000 waiting requests cost no threads: the server is not what a
 * model's result measures (docs/scenarios.md, http-get). Usage: {@code TargetServer <delayMs> <sizeBytes>}.
 */
public final class TargetServer {
    private final long delayMs;
    private final ByteBuf body;
    private final ConnectionCounters counters = new ConnectionCounters();

    TargetServer(long delayMs, int size) {
        this.delayMs = delayMs;
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 'x');
        this.body = Unpooled.unreleasableBuffer(Unpooled.directBuffer(size).writeBytes(bytes));
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: TargetServer <delayMs> <sizeBytes>");
            System.exit(2);
        }
        TargetServer server = new TargetServer(Long.parseLong(args[0]), Integer.parseInt(args[1]));
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(Runtime.getRuntime().availableProcessors(),
                NioIoHandler.newFactory());
        int port = NettyLoopback.bind(group, group, server.counters,
                () -> new ChannelHandler[]{new HttpServerCodec(), new Handler(server)});
        ServerControl.serve(port, server::stats, server.counters::reset);
    }

    private Map<String, Number> stats() {
        return new LinkedHashMap<>(counters.snapshot());
    }

    /** Replies to each request after the delay, on the connection's own event loop. */
    private static final class Handler extends SimpleChannelInboundHandler<HttpObject> {
        private final TargetServer server;

        Handler(TargetServer server) {
            this.server = server;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (!(msg instanceof HttpRequest request)) {
                return; // the (empty) content of a GET
            }
            server.counters.request();
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            Runnable reply = () -> {
                FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                        server.body.duplicate());
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
                HttpUtil.setContentLength(response, server.body.readableBytes());
                if (keepAlive) {
                    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
                    ctx.writeAndFlush(response);
                } else {
                    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
                }
            };
            if (server.delayMs == 0) {
                reply.run();
            } else {
                ctx.executor().schedule(reply, server.delayMs, TimeUnit.MILLISECONDS);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
