package dev.loomlab.load.capacity;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/1.1 server that does nothing but answer {@code 200 ok} to every request, on one Netty event loop
 * at 127.0.0.1 on a free port: the target against which the generator's own ceiling is measured. It reads
 * a request only as far as the blank line that ends its head (loomlab's generator sends bodiless GETs).
 */
public final class NullServer implements AutoCloseable {
    private static final ByteBuf ANSWER = Unpooled.unreleasableBuffer(Unpooled.directBuffer().writeBytes(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII))
            .asReadOnly());

    private final EventLoopGroup group;
    private final Channel channel;

    private NullServer(EventLoopGroup group, Channel channel) {
        this.group = group;
        this.channel = channel;
    }

    /** Starts a server on 127.0.0.1 and a port the system picks. */
    public static NullServer start() throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new Answerer());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            return new NullServer(group, channel);
        } catch (RuntimeException | InterruptedException e) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** The URL it answers on, e.g. {@code http://127.0.0.1:41234/}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort() + "/");
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
    }

    /** Counts the blank lines that end request heads ({@code \r\n\r\n}), across reads, and answers each. */
    private static final class Answerer extends ChannelInboundHandlerAdapter {
        /** How much of {@code \r\n\r\n} the bytes read so far end with: 0 to 3. */
        private int matched;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof ByteBuf in) {
                    for (int i = in.readerIndex(), end = in.writerIndex(); i < end; i++) {
                        byte b = in.getByte(i);
                        boolean expected = (matched % 2 == 0) ? b == '\r' : b == '\n';
                        matched = expected ? matched + 1 : (b == '\r' ? 1 : 0);
                        if (matched == 4) {
                            matched = 0;
                            ctx.write(ANSWER.duplicate(), ctx.voidPromise());
                        }
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
