package dev.loomlab.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;


/**
 * One keep-alive connection of a load run, driven only by its event loop: sends a request, fails it
 * when its loop's sweep finds it older than the timeout, reads the answer with its {@link ResponseParser}
 * (status, serving-thread header, body) and records it in its loop's
 * {@link LoopStats}; then asks the {@link LoadGenerator} what to do next. Per request it writes the same
 * bytes from its own copy of the request and allocates nothing itself.
 */
final class Connection extends ChannelInboundHandlerAdapter {
    private static final long NONE = Long.MIN_VALUE;
    /** A {@link #send} lag argument: the request was handed to this idle connection; its lag ends at the write. */
    static final long LAG_TO_WRITE = Long.MIN_VALUE + 1;
    /** A {@link #send} lag argument: the generator's lag is not recorded (closed model, or a request queued for a connection). */
    static final long NO_LAG = Long.MIN_VALUE;

    private final LoadGenerator generator;
    private final ResponseParser parser;
    /** This connection's copy of the request's bytes, rewound for every write (never released: see {@link LoadGenerator#request}). */
    private final ByteBuf request;
    /** Runs {@link #send} for a request the open model's dispatcher handed over ({@link #handOver}). */
    private final Runnable sendHandedOver = this::sendHandedOver;
    private long handedOver;
    private long handedOverLag;
    private Channel channel;
    private LoopStats stats;
    /** The open model's first request, sent once connected; NONE for the closed model. */
    private long pending;
    /** The dispatcher's lateness in handing over {@link #pending}, ns. */
    private final long pendingLag;
    private volatile boolean busy;
    private boolean gone;
    private long intended;
    private long sent;
    private boolean measured;
    private long sentReal;

    /** @param pendingLag the dispatcher's lateness in handing over {@code pending}, ns, or {@link #NO_LAG} */
    Connection(LoadGenerator generator, byte[] expectBody, long pending, long pendingLag) {
        this.generator = generator;
        this.parser = new ResponseParser(expectBody);
        this.request = generator.request();
        this.pending = pending;
        this.pendingLag = pendingLag;
    }

    boolean busy() {
        return busy;
    }

    Channel channel() {
        return channel;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        stats = generator.stats(channel.eventLoop());
        stats.connectionsOpened++;
        long first = pending;
        pending = NONE;
        if (first != NONE) {
            send(first, pendingLag);
        } else {
            generator.next(this);
        }
        ctx.fireChannelActive();
    }

    /** Sends the request intended at {@code intendedAt} (ns), or now when it is {@link Long#MIN_VALUE}; no lag recorded. */
    void send(long intendedAt) {
        send(intendedAt, NO_LAG);
    }

    /**
     * Sends the request intended at {@code intendedAt} (ns), or now when it is {@link Long#MIN_VALUE}, recording
     * the generator's own lateness: {@code lag} ns as the dispatcher measured it, until now for
     * {@link #LAG_TO_WRITE}, or nothing for {@link #NO_LAG}.
     */
    void send(long intendedAt, long lag) {
        long now = generator.clock().nanoTime();
        sent = now;
        sentReal = System.nanoTime();
        // The closed model has no schedule: its requests are intended when sent (LatencyBasis.ACTUAL_SEND).
        intended = intendedAt == NONE ? now : intendedAt;
        measured = generator.measures(intended);
        if (measured) {
            stats.sent++;
            if (lag != NO_LAG) {
                stats.generatorLag.recordValue(Math.max(0, lag == LAG_TO_WRITE ? now - intended : lag));
            }
        }
        busy = true;
        parser.reset();
        channel.writeAndFlush(request.readerIndex(0), channel.voidPromise());
    }

    /**
     * Open model, on the dispatcher's thread: hands this idle connection the request intended at
     * {@code intendedAt}, to be {@link #send sent} on its loop with {@code lag}. The dispatcher took it from the
     * idle queue, so no other hand-over is pending: the fields need no more than the loop's task queue
     * (whose hand-off orders them before the task), and no task is allocated per request.
     */
    void handOver(long intendedAt, long lag) {
        handedOver = intendedAt;
        handedOverLag = lag;
        channel.eventLoop().execute(sendHandedOver);
    }

    private void sendHandedOver() {
        send(handedOver, handedOverLag);
    }

    /**
     * Called on this connection's loop by its periodic sweep: a request older than the timeout (on the
     * real clock, so a hand-driven test clock cannot stop it) fails. One sweep per loop instead of a timer
     * per request keeps the hot path free of scheduling.
     */
    void checkTimeout(long realNow) {
        if (busy && realNow - sentReal > generator.timeoutNanos()) {
            fail(RequestError.TIMEOUT);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            // Bytes while no request is in flight answer nobody (after a timeout the connection is closing): dropped.
            while (busy && in.isReadable()) {
                int read = parser.parse(in);
                if (read == ResponseParser.MORE) {
                    return;
                }
                if (read == ResponseParser.MALFORMED) {
                    fail(RequestError.CONTENT);
                    return;
                }
                // complete() may send the next request: bytes left over then belong to its answer
                complete();
            }
        } finally {
            in.release();
        }
    }

    private void complete() {
        long done = generator.clock().nanoTime();
        busy = false;
        int status = parser.status();
        boolean success = status >= 200 && status < 300 && parser.bodyMatches();
        if (success && generator.inSpan(done)) {
            stats.okInSpan++;
        }
        if (measured) {
            stats.statuses[Math.min(status, stats.statuses.length - 1)]++;
            if (status < 200 || status >= 300) {
                stats.error(RequestError.STATUS);
            } else if (!success) {
                stats.error(RequestError.CONTENT);
            } else {
                stats.ok++;
                stats.servedBy[parser.servedBy()]++;
                stats.fromIntended.recordValue(Math.max(0, done - intended));
                stats.fromSend.recordValue(Math.max(0, done - sent));
            }
        }
        if (parser.keepAlive()) {
            generator.next(this);
        } else {
            close();
        }
    }

    /** Ends the request in flight with {@code kind} and drops the connection. */
    private void fail(RequestError kind) {
        if (busy) {
            busy = false;
            if (measured) {
                stats.error(kind);
            }
        }
        close();
    }

    private void close() {
        if (!gone) {
            gone = true;
            channel.close();
            generator.gone(this);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (busy && parser.completesAtClose()) {
            complete(); // an answer whose body ran to the close
        }
        fail(RequestError.RESET);
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(RequestError.ofFailure(cause));
    }
}
