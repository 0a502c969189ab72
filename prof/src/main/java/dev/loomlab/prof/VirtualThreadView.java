package dev.loomlab.prof;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.outcome.PinnedStack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a JDK Flight Recorder recording tells about a trial's virtual threads: how many started and ended, when
 * they were pinned, the submits the scheduler refused, what they were blocked on, and what the carriers did.
 * Read from the events a {@code --prof jfr} recording enables ({@link dev.loomlab.core.prof.JfrEvents}); only
 * events on virtual threads count, except in {@link Carriers}.
 *
 * <p>What JFR can see (JDK 21 to 25): {@code Thread.sleep} and socket reads and writes are Java-level events,
 * recorded however the virtual thread waits. A park or monitor wait that <em>unmounts</em> the virtual thread
 * (every {@code java.util.concurrent} lock, queue, semaphore or pool wait; from JDK 24 also contended
 * {@code synchronized} and {@code Object.wait}) leaves no event at all: only waits that block the carrier
 * (the virtual thread is pinned, or on JDK 21 inside {@code synchronized}) are recorded, and those are also
 * pinned events. So {@code pool acquisition}, {@code lock}, {@code Object.wait} and {@code park (other)} count
 * the pinned waits, not all of them. Waits under {@link dev.loomlab.core.prof.JfrEvents#BLOCKING_THRESHOLD}
 * are not recorded, and JFR's {@code profile} settings throttle socket events to 300 a second.
 *
 * @param recordingMs    from the first event's start to the last event's end, ms
 * @param started        {@code jdk.VirtualThreadStart} events
 * @param ended          {@code jdk.VirtualThreadEnd} events
 * @param pinned         the pinned events
 * @param submitFailures {@code jdk.VirtualThreadSubmitFailed} events
 * @param blocked        time blocked per reason, most time first; reasons without events left out
 * @param pools          the {@code pool acquisition} time per pool, most time first
 * @param carriers       what the carrier threads did
 */
@JsonPropertyOrder({"recording_ms", "started", "ended", "pinned", "submit_failures", "blocked", "pools", "carriers"})
public record VirtualThreadView(@JsonProperty("recording_ms") double recordingMs, long started, long ended, Pinning pinned,
                                @JsonProperty("submit_failures") long submitFailures, List<BlockedTime> blocked,
                                List<PoolWait> pools, Carriers carriers) {

    public VirtualThreadView {
        blocked = List.copyOf(blocked);
        pools = List.copyOf(pools);
    }

    /** Reads the view from the JFR recording at {@code jfr}, in one pass. */
    public static VirtualThreadView read(Path jfr) throws IOException {
        return VirtualThreadReader.read(jfr);
    }

    /** The time blocked on {@code reason}: none (0 events, 0 ms) when nothing was recorded. */
    public BlockedTime blockedOn(BlockedOn reason) {
        for (BlockedTime b : blocked) {
            if (b.reason() == reason) {
                return b;
            }
        }
        return new BlockedTime(reason, 0, 0);
    }

    /** All the time virtual threads were recorded blocked, ms. */
    public double blockedMs() {
        return blocked.stream().mapToDouble(BlockedTime::timeMs).sum();
    }

    /**
     * {@code jdk.VirtualThreadPinned}: a virtual thread that blocked while it could not leave its carrier.
     *
     * @param events    pinned events
     * @param timeMs    their total duration, ms
     * @param longestMs the longest one, ms (0 without events)
     * @param stacks    the stacks pinned most often (at most {@link PinnedStack#TOP}), frames with lines
     */
    @JsonPropertyOrder({"events", "time_ms", "longest_ms", "stacks"})
    public record Pinning(long events, @JsonProperty("time_ms") double timeMs, @JsonProperty("longest_ms") double longestMs,
                          List<PinnedStack> stacks) {
        public Pinning {
            stacks = List.copyOf(stacks);
        }
    }

    /**
     * Time virtual threads were blocked on one thing.
     *
     * @param events the waits recorded
     * @param timeMs their total duration, ms
     */
    @JsonPropertyOrder({"reason", "events", "time_ms"})
    public record BlockedTime(BlockedOn reason, long events, @JsonProperty("time_ms") double timeMs) {
    }

    /**
     * Time virtual threads were parked acquiring from one pool.
     *
     * @param pool   {@code HikariCP}, {@code r2dbc-pool} or {@code Semaphore}
     * @param events the parks recorded
     * @param timeMs their total duration, ms
     */
    @JsonPropertyOrder({"pool", "events", "time_ms"})
    public record PoolWait(String pool, long events, @JsonProperty("time_ms") double timeMs) {
    }

    /**
     * What the recording tells about the carrier threads, mounted versus parked. JFR records no mount or unmount
     * (its {@code jdk.ContinuationFreeze}/{@code Thaw} events are experimental and a JDK 25 product build emits
     * none), and {@code jdk.ThreadCPULoad} comes every 10 s in the {@code profile} settings, too seldom for a
     * trial; so no mounted time is given, only what is measured:
     *
     * @param idleParks      parks of carrier threads waiting for work ({@code jdk.ThreadPark} in
     *                       {@code ForkJoinPool.awaitWork} on a thread of the {@code CarrierThreads} group)
     * @param idleMs         their total duration, ms: a lower bound of the carriers' idle time, as parks under the
     *                       blocking threshold are not recorded
     * @param mountedSamples CPU samples ({@code jdk.ExecutionSample}) of virtual threads: a carrier running a mounted
     *                       virtual thread's Java code
     * @param carrierSamples CPU samples of carrier threads themselves: scheduling, unmounted
     * @param jvmCpuPct      the JVM's mean CPU use ({@code jdk.CPULoad} user + system) as a percentage of all the
     *                       machine's CPUs; null without a reading (one comes every second)
     * @param machineCpuPct  the whole machine's mean CPU use, percent; null without a reading
     * @param cpuReadings    the {@code jdk.CPULoad} readings the means are of
     */
    @JsonPropertyOrder({"idle_parks", "idle_ms", "mounted_samples", "carrier_samples", "jvm_cpu_pct", "machine_cpu_pct", "cpu_readings"})
    public record Carriers(@JsonProperty("idle_parks") long idleParks, @JsonProperty("idle_ms") double idleMs,
                           @JsonProperty("mounted_samples") long mountedSamples, @JsonProperty("carrier_samples") long carrierSamples,
                           @JsonProperty("jvm_cpu_pct") Double jvmCpuPct, @JsonProperty("machine_cpu_pct") Double machineCpuPct,
                           @JsonProperty("cpu_readings") int cpuReadings) {
    }
}
