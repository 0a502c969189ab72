package dev.loomlab.load;

import dev.loomlab.core.engine.ProgressBeat;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * An HTTP/1.1 load generator on Netty (NIO) with keep-alive connections, one event loop per two cores
 * ({@link #defaultLoops}, or {@value #LOOPS_PROPERTY}); each answer is read by a {@link ResponseParser} in
 * place, from one reused buffer per loop ({@link ReadBuffers}). Closed model: {@code users} connections,
 * each sending its next request as soon as the answer is in. Open model: a dispatcher takes intended send
 * times from an {@link OpenSchedule} and hands each to an idle connection (opening one, up to
 * {@code connections}, when none is idle; queueing it otherwise), so
 * a stalled server makes requests wait — and their latency, measured from the intended time, shows it
 * (coordinated omission corrected). The closed model's latency is from the actual send, uncorrected
 * ({@link LatencyBasis}).
 * Requests intended during the warm-up (the open model's climbs to the rate: {@link OpenSchedule}) are not
 * recorded; none is sent after the end; whatever is
 * still unanswered one timeout after the end has timed out. A run is bounded in time whatever the server does.
 * The closed model's users first connect and wait for each other; its warm-up starts once every user's
 * first connect has completed (at most one connect timeout), all sending at once: thousands of connects
 * can take seconds on a busy machine, and a measured span that began meanwhile would measure the
 * connection storm instead of the users' steady load.
 * While it runs, the controlling thread hands a {@link LoadProgress} to a listener once a second.
 */
public final class LoadGenerator {
    private static final long DISPATCH_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final long CONTROL_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long RECONNECT_DELAY_MS = 100;
    /** How often each loop looks for requests past their timeout (and publishes its counts). */
    private static final long SWEEP_MS = 50;
    private static final long PROGRESS_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The system property that sets the number of event loops (default: {@link #defaultLoops}). */
    static final String LOOPS_PROPERTY = "loomlab.load.loops";

    private final LoadSpec spec;
    private final NanoClock clock;
    private final byte[] request;
    private final byte[] expectBody;
    private final int loops = Integer.getInteger(LOOPS_PROPERTY, defaultLoops());
    private final Map<EventLoop, LoopStats> stats = new ConcurrentHashMap<>();
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final Queue<Connection> idle = new ConcurrentLinkedQueue<>();
    private final Queue<Long> backlog = new ConcurrentLinkedQueue<>();
    private final AtomicInteger open = new AtomicInteger();
    /**
     * Recorded by the controlling thread: requests still queued when the drain gave up, and the dispatcher's lateness
     * for requests it queued.
     */
    private final LoopStats unsent = new LoopStats();
    private final AtomicInteger wantedUsers = new AtomicInteger();
    /** Open model: measured requests that had to wait for a connection (dispatcher thread only). */
    private long queuedMeasured;
    /**
     * Open model: the most connects under way at once. A request that finds no idle connection opens one only
     * while fewer connects are under way; otherwise it queues for the first connection that frees up. Without
     * this, an event loop late by a millisecond (a fresh JVM still compiling) makes the dispatcher open a
     * connection per request, thousands, which a server may then close as idle (the JDK's keeps 200) — a spiral
     * of connects and resets that measures the connection storm, not the rate.
     */
    static final int MOST_CONNECTING = 32;
    private final AtomicInteger connecting = new AtomicInteger();
    private EventLoopGroup group;
    private Bootstrap bootstrap;
    /** Read by the loops on every request; the closed model sets them only once its users are in. */
    private volatile long measureStart = Long.MAX_VALUE;
    private volatile long end = Long.MAX_VALUE;
    /** Closed model: users' connects that completed, connected or not. */
    private final AtomicInteger userConnects = new AtomicInteger();
    private int connectTimeoutMillis;
    private volatile boolean stopped;
    private Consumer<LoadProgress> progress;
    /** True when the progress carries the latencies so far (the loops then copy them twice a second). */
    private volatile boolean latencies;
    private long startedReal;
    private ProgressBeat progressBeat;

    public LoadGenerator(LoadSpec spec) {
        this(spec, NanoClock.SYSTEM);
    }

    /** A generator timing requests on {@code clock} (tests drive it by hand). */
    public LoadGenerator(LoadSpec spec, NanoClock clock) {
        this.spec = spec;
        this.clock = clock;
        this.request = spec.requestBytes();
        this.expectBody = spec.expectBody() == null ? null : spec.expectBody().getBytes(StandardCharsets.UTF_8);
    }

    /** Runs the load: warm-up, then the measured duration; returns what was measured. */
    public LoadReport run() throws InterruptedException {
        return run(p -> {
        });
    }

    /** As {@link #run()}, handing {@code progress} the figures so far once a second (on the calling thread). */
    public LoadReport run(Consumer<LoadProgress> progress) throws InterruptedException {
        return run(progress, false);
    }

    /**
     * As {@link #run(Consumer)}; with {@code latencies} the progress also carries the latencies recorded so
     * far ({@link LoadProgress#latency}), which each event loop then copies twice a second.
     */
    public LoadReport run(Consumer<LoadProgress> progress, boolean latencies) throws InterruptedException {
        this.progress = progress;
        this.latencies = latencies;
        startedReal = System.nanoTime();
        progressBeat = new ProgressBeat(startedReal, PROGRESS_NANOS);
        connectTimeoutMillis = (int) Math.min(spec.timeout().toMillis(), 10_000);
        group = new MultiThreadIoEventLoopGroup(loops, NioIoHandler.newFactory());
        try {
            bootstrap = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.RCVBUF_ALLOCATOR, new ReadBuffers())
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis);
            if (!spec.isOpen()) {
                addUsers(spec.users());
                awaitUsers();
            }
            long start = clock.nanoTime();
            // end first: a finite measureStart tells the closed model's users that both are set
            end = start + spec.warmup().toNanos() + spec.duration().toNanos();
            measureStart = start + spec.warmup().toNanos();
            releaseUsers();
            double targetRate = Double.NaN;
            if (spec.isOpen()) {
                targetRate = runOpen(start);
            } else {
                runClosed();
            }
            stopped = true;
            drain();
            LoopStats all = new LoopStats();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
            stats.values().forEach(all::add);
            all.add(unsent);
            return LoadReport.of(all, LatencyBasis.of(spec.isOpen()), end - measureStart, targetRate, queuedMeasured,
                    "nio, " + loops + (loops == 1 ? " event loop" : " event loops"));
        } finally {
            stopped = true;
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private void runClosed() throws InterruptedException {
        Ramp ramp = spec.ramp();
        int step = 0;
        while (true) {
            long now = clock.nanoTime();
            if (now >= end) {
                return;
            }
            int nowStep = ramp.step(now - measureStart);
            if (nowStep > step) {
                step = nowStep;
                addUsers((int) ramp.level(spec.users(), step) - wantedUsers.get());
            }
            reportProgress();
            park(Math.min(end - now, CONTROL_PARK_NANOS));
        }
    }

    /**
     * Closed model: waits until as many users' connects have completed as there are users, at most one
     * connect timeout and a second; meanwhile the connected users wait ({@link #next}).
     */
    private void awaitUsers() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(connectTimeoutMillis + 1_000L);
        while (userConnects.get() < spec.users() && System.nanoTime() < deadline) {
            reportProgress();
            park(CONTROL_PARK_NANOS);
        }
    }

    /** Starts the users that connected while the others were connecting (closed model; a no-op for the open one). */
    private void releaseUsers() {
        if (spec.isOpen()) {
            return;
        }
        for (Connection c = idle.poll(); c != null; c = idle.poll()) {
            Connection user = c;
            user.channel().eventLoop().execute(() -> {
                if (user.channel().isActive()) {
                    next(user);
                }
            });
        }
    }

    private void addUsers(int n) {
        wantedUsers.addAndGet(n);
        for (int i = 0; i < n; i++) {
            connect();
            // thousands of connects take seconds on a busy machine: progress goes on meanwhile
            reportProgress();
        }
    }

    /** Dispatches the schedule until the end; returns the target rate over the measured span. */
    private double runOpen(long start) throws InterruptedException {
        OpenSchedule schedule = new OpenSchedule(spec.rate(), spec.ramp(), start, measureStart, end);
        long measuredIntended = 0;
        while (schedule.hasNext()) {
            long now = clock.nanoTime();
            dispatchBacklog();
            while (schedule.hasNext() && schedule.peek() <= now) {
                long intended = schedule.take();
                if (intended >= measureStart) {
                    measuredIntended++;
                }
                dispatch(intended, now);
            }
            reportProgress();
            if (schedule.hasNext()) {
                park(Math.min(schedule.peek() - now, DISPATCH_PARK_NANOS));
            }
        }
        while (clock.nanoTime() < end) {
            reportProgress();
            park(CONTROL_PARK_NANOS);
        }
        return measuredIntended / ((end - measureStart) / 1e9);
    }

    /** Hands the request intended at {@code intended} to a connection; {@code now} is when the dispatcher took it. */
    private void dispatch(long intended, long now) {
        Connection c = idle.poll();
        if (c != null) {
            c.handOver(intended, Connection.LAG_TO_WRITE);
        } else if (mayConnect()) {
            connect(intended, now - intended);
        } else {
            if (measures(intended)) {
                queuedMeasured++;
                // The dispatcher's own lateness in taking it from the schedule: the generator's, whatever its
                // connections do. Without it a generator starved of CPU behind full connections would show no lag.
                unsent.generatorLag.recordValue(Math.max(0, now - intended));
            }
            backlog.add(intended);
        }
    }

    /** Hands queued requests to connections that went idle while the queue filled. */
    private void dispatchBacklog() {
        while (!backlog.isEmpty()) {
            Connection c = idle.poll();
            if (c == null) {
                // once stopped, connect() opens nothing: a request taken for it would vanish, uncounted
                if (stopped || !mayConnect()) {
                    return;
                }
                Long intended = backlog.poll();
                if (intended != null) {
                    connect(intended, Connection.NO_LAG);
                }
                continue;
            }
            Long intended = backlog.poll();
            if (intended == null) {
                idle.add(c);
                return;
            }
            c.handOver(intended, Connection.NO_LAG);
        }
    }

    /** Open model: true when a new connection may be opened — under {@code connections}, and few connects under way. */
    private boolean mayConnect() {
        return open.get() < spec.connections() && connecting.get() < MOST_CONNECTING;
    }

    /** Opens a connection for a closed-model user. */
    private void connect() {
        connect(Long.MIN_VALUE, Connection.NO_LAG);
    }

    /**
     * Opens a connection; {@code first} is the open model's request to send on it, MIN_VALUE for a user;
     * {@code lag} the dispatcher's lateness in handing it over, ns ({@link Connection#NO_LAG}: not recorded).
     */
    private void connect(long first, long lag) {
        if (stopped) {
            return;
        }
        open.incrementAndGet();
        connecting.incrementAndGet();
        Connection connection = new Connection(this, expectBody, first, lag);
        connections.add(connection);
        // The connection reads the answers' bytes itself: no decoder in between.
        ChannelFuture f = bootstrap.clone().handler(connection).connect(spec.host(), spec.port());
        f.addListener(done -> {
            connecting.decrementAndGet();
            if (first == Long.MIN_VALUE) {
                userConnects.incrementAndGet();
            }
            if (!done.isSuccess()) {
                connections.remove(connection);
                open.decrementAndGet();
                Channel ch = f.channel();
                long intended = first == Long.MIN_VALUE ? clock.nanoTime() : first;
                if (measures(intended)) {
                    stats(ch.eventLoop()).error(RequestError.ofConnect(done.cause()));
                }
                if (!spec.isOpen() && !stopped) {
                    // a user whose connect failed tries again, after a pause so a refusing server is not spun on
                    group.schedule(() -> connect(), RECONNECT_DELAY_MS, TimeUnit.MILLISECONDS);
                }
            }
        });
    }

    /** What {@code c}, just idle, does next: the closed model's next request, or the open model's queue. */
    void next(Connection c) {
        if (!spec.isOpen()) {
            if (measureStart == Long.MAX_VALUE) {
                // Users wait until all are in; whichever of this loop and releaseUsers takes c from idle sends.
                idle.add(c);
                if (measureStart == Long.MAX_VALUE || !idle.remove(c)) {
                    return;
                }
            }
            // One reading decides both whether to send and whether the request is measured: read twice, a request
            // sent just before the end would reach the server yet count as after it.
            long now = clock.nanoTime();
            if (!stopped && now < end) {
                c.send(now);
            }
            return;
        }
        // Queued requests were intended before the end: they are sent even after it, until the drain gives up.
        Long intended = backlog.poll();
        if (intended != null) {
            c.send(intended);
        } else {
            idle.add(c);
        }
    }

    /** {@code c} closed: a closed-model user reconnects; the open model opens connections on demand. */
    void gone(Connection c) {
        connections.remove(c);
        idle.remove(c);
        open.decrementAndGet();
        if (!spec.isOpen() && !stopped) {
            connect();
        }
    }

    /**
     * Waits until no request is in flight or queued, at most one timeout (each request ends by its own
     * timeout); requests still queued then, or left without a connection, have timed out without being sent.
     */
    private void drain() throws InterruptedException {
        long deadline = System.nanoTime() + spec.timeout().toNanos() + TimeUnit.SECONDS.toNanos(2);
        // a queued request waits only while some connection is left to take it: none is opened once stopped
        while (System.nanoTime() < deadline && (!backlog.isEmpty() && open.get() > 0
                || connections.stream().anyMatch(Connection::busy))) {
            dispatchBacklog();
            reportProgress();
            Thread.sleep(5);
        }
        for (Long intended = backlog.poll(); intended != null; intended = backlog.poll()) {
            if (measures(intended)) {
                unsent.sent++;
                unsent.error(RequestError.TIMEOUT);
            }
        }

        for (Connection c : connections) {
            Channel ch = c.channel();
            if (ch != null) {
                ch.close();
            }
        }
    }

    boolean measures(long intended) {
        return intended >= measureStart && intended < end;
    }

    /** True when {@code time} lies in the measured span (an answer then counts toward the throughput). */
    boolean inSpan(long time) {
        return time >= measureStart && time < end;
    }

    /** The loop's stats; the first call on a loop also starts its timeout sweep. */
    LoopStats stats(EventLoop loop) {
        return stats.computeIfAbsent(loop, l -> {
            l.scheduleAtFixedRate(() -> sweep(l), SWEEP_MS, SWEEP_MS, TimeUnit.MILLISECONDS);
            return new LoopStats();
        });
    }

    /** Fails this loop's requests that are past their timeout, then publishes its counts (runs on the loop). */
    private void sweep(EventLoop loop) {
        long now = System.nanoTime();
        for (Connection c : connections) {
            Channel ch = c.channel();
            if (ch != null && ch.eventLoop() == loop) {
                c.checkTimeout(now);
            }
        }
        LoopStats own = stats.get(loop);
        if (own != null) {
            // Copies twice a second: each progress line, once a second, then finds one newer than the last line's.
            own.publish(latencies ? (spec.isOpen() ? own.fromIntended : own.fromSend) : null, PROGRESS_NANOS / 2);
        }
    }

    /** Hands the listener the figures so far when a second has passed since the last time (controlling thread). */
    private void reportProgress() {
        long real = System.nanoTime();
        if (!progressBeat.due(real)) {
            return;
        }
        LoopStats.Tally all = LoopStats.Tally.NONE;
        for (LoopStats s : stats.values()) {
            all = all.plus(s.published());
        }
        Map<RequestError, Long> errors = new EnumMap<>(RequestError.class);
        for (RequestError kind : RequestError.values()) {
            errors.put(kind, all.errors()[kind.ordinal()]);
        }
        long now = clock.nanoTime();
        String phase = measureStart == Long.MAX_VALUE ? "connecting" : now < measureStart ? "warm-up"
                : now < end ? "measuring" : "draining";
        progress.accept(new LoadProgress(real - startedReal, phase, all.sent(), all.ok(), all.failed(), backlog.size(), errors,
                all.latency()));
    }

    /**
     * One event loop per two cores, at least one: the target is always on this machine (loomlab loads nothing
     * else), so its server needs the other half. More loops than that only contend with the server — on 2 cores,
     * 2 loops cost 6.5 µs of CPU per request against 5.1 µs for 1 loop (more wake-ups and context switches,
     * fewer ready sockets per select), and sent fewer requests for it (docs/web.md).
     */
    static int defaultLoops() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    NanoClock clock() {
        return clock;
    }

    /**
     * A connection's own copy of the request's bytes, which it rewinds for every write: direct memory (a socket
     * writes it without a copy) that Netty's writes never free and that keeps its NIO view, so a write allocates
     * nothing. The garbage collector frees it with the connection: a write still pending on a closed
     * channel may refer to it until then.
     */
    ByteBuf request() {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(request.length).put(request).flip()));
    }

    long timeoutNanos() {
        return spec.timeout().toNanos();
    }

    private static void park(long nanos) throws InterruptedException {
        LockSupport.parkNanos(Math.max(nanos, 1_000));
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
