package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.AsciiString;


/**
 * One keep-alive connection of a load run, driven only by its event loop: sends a request, fails it
 * when its loop's sweep finds it older than the timeout, reads the answer (status, serving-thread
 * header, body) and records it in its loop's
 * {@link LoopStats}; then asks the {@link LoadGenerator} what to do next.
 */
final class Connection extends ChannelInboundHandlerAdapter {
    private static final long NONE = Long.MIN_VALUE;
    /** A {@link #send} lag argument: the request was handed to this idle connection; its lag ends at the write. */
    static final long LAG_TO_WRITE = Long.MIN_VALUE + 1;
    /** A {@link #send} lag argument: the generator's lag is not recorded (closed model, or a request queued for a connection). */
    static final long NO_LAG = Long.MIN_VALUE;
    private static final AsciiString SERVED_BY = AsciiString.cached(ServingThread.HEADER);
    private static final ServingThread[] KINDS = ServingThread.values();

    private final LoadGenerator generator;
    private final byte[] expectBody;
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
    private int status;
    private int servedBy;
    private boolean keepAlive;
    private int bodyIndex;
    private boolean bodyOk;

    /** @param pendingLag the dispatcher's lateness in handing over {@code pending}, ns, or {@link #NO_LAG} */
    Connection(LoadGenerator generator, byte[] expectBody, long pending, long pendingLag) {
        this.generator = generator;
        this.expectBody = expectBody;
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
        status = 0;
        servedBy = LoopStats.UNNAMED;
        keepAlive = true;
        bodyIndex = 0;
        bodyOk = true;
        channel.writeAndFlush(generator.request(), channel.voidPromise());
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
        try {
            if (!busy) {
                return; // an answer nobody asked for, after a timeout: the connection is closing
            }
            if (msg instanceof HttpResponse response) {
                if (response.decoderResult().isFailure()) {
                    fail(RequestError.CONTENT);
                    return;
                }
                status = response.status().code();
                keepAlive = HttpUtil.isKeepAlive(response);
                servedBy = kind(response.headers().get(SERVED_BY));
            }
            if (msg instanceof HttpContent content) {
                if (expectBody != null && bodyOk) {
                    checkBody(content.content());
                }
                if (msg instanceof LastHttpContent) {
                    complete();
                }
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** The ordinal of the kind a header value names, or {@link LoopStats#UNNAMED}; allocates nothing. */
    private static int kind(String value) {
        if (value != null) {
            for (ServingThread t : KINDS) {
                if (t.header().equals(value)) {
                    return t.ordinal();
                }
            }
        }
        return LoopStats.UNNAMED;
    }

    private void checkBody(ByteBuf body) {
        int n = body.readableBytes();
        if (bodyIndex + n > expectBody.length) {
            bodyOk = false;
            return;
        }
        for (int i = 0; i < n; i++) {
            if (body.getByte(body.readerIndex() + i) != expectBody[bodyIndex + i]) {
                bodyOk = false;
                return;
            }
        }
        bodyIndex += n;
    }

    private void complete() {
        long done = generator.clock().nanoTime();
        busy = false;
        boolean success = status >= 200 && status < 300 && (expectBody == null || bodyOk && bodyIndex == expectBody.length);
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
                stats.servedBy[servedBy]++;
                stats.fromIntended.recordValue(Math.max(0, done - intended));
                stats.fromSend.recordValue(Math.max(0, done - sent));
            }
        }
        if (keepAlive) {
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
        fail(RequestError.RESET);
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(RequestError.ofFailure(cause));
    }
}
