package dev.loomlab.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;

import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * How the network scenarios' Netty servers listen: NIO on loopback, any free port, backlog
 * {@link NetLimits#BACKLOG}, {@code TCP_NODELAY}, each connection counted in {@link ConnectionCounters}
 * as it opens and closes.
 */
final class NettyLoopback {
    private NettyLoopback() {
    }

    /**
     * Binds a server whose connections get the handlers {@code handlers} makes, one set per connection.
     *
     * @param boss    the loops that accept connections
     * @param workers the loops that serve them
     * @return the port bound
     */
    static int bind(EventLoopGroup boss, EventLoopGroup workers, ConnectionCounters counters,
                    Supplier<ChannelHandler[]> handlers) throws InterruptedException {
        Channel channel = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, NetLimits.BACKLOG)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        counters.opened();
                        ch.closeFuture().addListener(f -> counters.closed());
                        ch.pipeline().addLast(handlers.get());
                    }
                })
                .bind(new InetSocketAddress(NetLimits.LOOPBACK, 0)).sync().channel();
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }
}
