package dev.loomlab.cli.doctor;

import dev.loomlab.load.LoadParams;
import dev.loomlab.cli.plan.PlannedResult;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.net.EchoWorkload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * What a plan asks of the machine, worked out from its results' scenarios, models, parameters and trial flags:
 * the largest need of each kind, with the result that has it. Only scenarios that hold sockets or threads by the
 * thousand (echo, web, http-get, memory, thread-start, handoff, pools of platform threads) need more than the
 * JVM's own.
 *
 * @param results         the planned results, as {@code scenario model params}
 * @param sockets         sockets one process holds at once (the client's JVM and the server's JVM each)
 * @param portsPerSource  connections from one source address to one server address and port at once
 * @param loopbackSources loopback source addresses (127.0.0.1, .2, …) the clients bind
 * @param connectsAtOnce  connects in flight at once to one listening socket
 * @param heaps           each result's trial heap and the heap its threads need (bytes; 0 when nothing notable)
 * @param platformThreads platform threads one process starts at once
 * @param carriers        {@code -Djdk.virtualThreadScheduler.parallelism} when a result's flags set it
 * @param asyncCpu        true when {@code --prof async:cpu} samples CPU with perf events
 */
public record Needs(List<String> results, Need sockets, Need portsPerSource, Need loopbackSources, Need connectsAtOnce,
                    List<HeapNeed> heaps, Need platformThreads, OptionalInt carriers, boolean asyncCpu) {
    /** Open files a process needs beyond its sockets: its jars, logs, pipes. */
    public static final int OPEN_FILE_MARGIN = EchoWorkload.OPEN_FILE_MARGIN;
    /** Heap a parked virtual thread takes at depth 1, bytes: 597–690 measured (docs/microbenchmarks.md). */
    static final long VIRTUAL_THREAD_BYTES = 700;
    /** Heap each further frame of a parked virtual thread adds, bytes: about 3.1 KB at depth 50. */
    static final long VIRTUAL_FRAME_BYTES = 50;

    /**
     * The most of one thing a result needs.
     *
     * @param amount how many (sockets, ports, addresses, threads); 0 when nothing in the plan needs it
     * @param result the result that needs the most, as {@code scenario model params}; empty when none
     * @param why    how that result comes to need it, e.g. {@code holds 100,000 connections …}
     */
    public record Need(long amount, String result, String why) {
        static final Need NONE = new Need(0, "", "");

        Need max(long amount, String result, String why) {
            return amount > this.amount ? new Need(amount, result, why) : this;
        }

        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("amount", amount);
            m.put("result", result.isEmpty() ? null : result);
            return m;
        }
    }

    /**
     * One result's trial heap and what its threads need of it.
     *
     * @param neededBytes the heap its parked virtual threads take; 0 for a result that needs no notable heap
     */
    public record HeapNeed(String result, TrialHeap heap, long neededBytes, String why) {
    }

    public Needs {
        results = List.copyOf(results);
        heaps = List.copyOf(heaps);
    }

    /** Nothing planned: the machine is judged on its own. */
    public static Needs none() {
        return of(List.of(), List.of());
    }

    /** The needs of {@code plan}, profiled by {@code profilers}. */
    public static Needs of(List<PlannedResult> plan, List<ProfilerSpec> profilers) {
        Tally t = new Tally();
        plan.forEach(t::add);
        boolean asyncCpu = profilers.stream().anyMatch(s -> s.kind() == ProfilerSpec.Kind.ASYNC && "cpu".equals(s.event()));
        return new Needs(t.results, t.sockets, t.ports, t.sources, t.connects, t.heaps, t.threads, t.carriers, asyncCpu);
    }

    /** The largest needs so far, as the planned results are added one by one. */
    private static final class Tally {
        final List<String> results = new ArrayList<>();
        Need sockets = Need.NONE;
        Need ports = Need.NONE;
        Need sources = Need.NONE;
        Need connects = Need.NONE;
        Need threads = Need.NONE;
        final List<HeapNeed> heaps = new ArrayList<>();
        OptionalInt carriers = OptionalInt.empty();

        void add(PlannedResult p) {
            String label = p.scenario().name() + " " + p.model().name() + (p.params().toString().isEmpty() ? "" : " " + p.params());
            results.add(label);
            ParamValues v = p.params();
            boolean platform = p.model().threads() == ServingThread.PLATFORM;
            long heap = 0;
            String heapWhy = "";
            switch (p.scenario().name()) {
                case "echo" -> echo(label, v.intCount("connections"), platform);
                case "web" -> web(label, v);
                case "http-get" -> {
                    long c = Math.min(v.intCount("tasks"), p.model().limit());
                    sockets = sockets.max(c, label, "sends up to " + count(c) + " requests at once through one HttpClient"
                            + " (a connection each) to a server in its own JVM");
                    ports = ports.max(c, label, "opens up to " + count(c) + " connections from 127.0.0.1 to one server port");
                    connects = connects.max(c, label, "connects up to " + count(c) + " clients at once (a connection per request in flight)");
                }
                case "memory" -> {
                    int n = v.intCount("threads");
                    int depth = v.intCount("depth");
                    if (p.model().threads() == ServingThread.VIRTUAL) {
                        long each = VIRTUAL_THREAD_BYTES + VIRTUAL_FRAME_BYTES * (depth - 1);
                        heap = n * each;
                        heapWhy = "parks " + count(n) + " virtual threads at depth " + depth + ", about " + count(each)
                                + " bytes of heap each";
                    } else if (platform) {
                        threads = threads.max(n, label, "parks " + count(n) + " platform threads at once");
                    }
                }
                case "thread-start" -> {
                    if (platform) {
                        int n = v.intCount("threads");
                        threads = threads.max(n, label, "starts " + count(n) + " platform threads at once");
                    }
                }
                case "handoff" -> {
                    if (platform) {
                        int pairs = v.intCount("pairs");
                        threads = threads.max(2L * pairs, label, "runs " + count(pairs) + " pairs of platform threads");
                    }
                }
                default -> {
                    // the rest hold neither sockets nor threads by the thousand, but for pools (below)
                }
            }
            if (platform && v.canonical().containsKey("tasks")) {
                long n = Math.min(v.count("tasks"), p.model().limit());
                threads = threads.max(n, label, "runs its tasks on up to " + count(n) + " platform threads");
            }
            heaps.add(new HeapNeed(label, TrialHeap.of(p.jvmArgs()), heap, heapWhy));
            for (String arg : p.jvmArgs()) {
                if (arg.startsWith(PARALLELISM)) {
                    var n = SmallFiles.parse(arg.substring(PARALLELISM.length()));
                    if (n.isPresent() && (carriers.isEmpty() || n.getAsLong() > carriers.getAsInt())) {
                        carriers = OptionalInt.of((int) n.getAsLong());
                    }
                }
            }
        }

        /** Clients in the trial JVM, the server in its own; 20,000 clients a loopback source; 512 connects in flight. */
        private void echo(String label, int c, boolean threadPerTask) {
            sockets = sockets.max(c, label, "holds " + count(c) + " connections at once, a socket each in its trial JVM"
                    + " and in the echo server's own JVM");
            ports = ports.max(Math.min(c, EchoWorkload.PER_SOURCE), label, "connects " + count(c) + " clients to one"
                    + " server port, at most " + count(EchoWorkload.PER_SOURCE) + " from each loopback source address");
            sources = sources.max(EchoWorkload.sources(c), label, "spreads " + count(c) + " clients over 127.0.0.1 …"
                    + " 127.0.0." + EchoWorkload.sources(c) + ", " + count(EchoWorkload.PER_SOURCE) + " each");
            connects = connects.max(Math.min(c, EchoWorkload.CONNECTS_IN_FLIGHT), label,
                    "keeps up to " + EchoWorkload.CONNECTS_IN_FLIGHT + " connects in flight");
            if (threadPerTask) {
                threads = threads.max(c, label, "its server starts a platform thread per connection, " + count(c));
            }
        }

        /** The load generator in the trial JVM, the server in its own: users (closed model) or up to connections (open). */
        private void web(String label, ParamValues v) {
            // rate=max searches with the open model, up to its generator's ceiling: any rate up to connections per second.
            LoadParams load = LoadParams.of(v);
            boolean max = load.search() != null;
            boolean open = max || load.rate() > 0;
            long c = open ? load.connections() : load.users();
            String what = open ? "opens up to " + count(c) + " connections (open model)"
                    : "keeps " + count(c) + " users connected (closed model)";
            sockets = sockets.max(c, label, what + ", a socket each in the load generator (its trial JVM) and in the"
                    + " server's own JVM");
            ports = ports.max(c, label, what + " from 127.0.0.1 to one server port");
            long atOnce = max ? c : open ? Math.min(c, (long) Math.ceil(load.rate())) : c;
            connects = connects.max(atOnce, label, open ? "opens up to one connection per request in its first second"
                    : "connects every user at the start of each load run");
        }
    }

    /** The flag that sets how many carriers the virtual-thread scheduler has. */
    public static final String PARALLELISM = "-Djdk.virtualThreadScheduler.parallelism=";

    /** A count with thousands separators, e.g. {@code 100,000}. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("results", results.size());
        m.put("sockets_per_process", sockets.json());
        m.put("ports_per_source", portsPerSource.json());
        m.put("loopback_sources", loopbackSources.json());
        m.put("connects_at_once", connectsAtOnce.json());
        m.put("platform_threads", platformThreads.json());
        HeapNeed most = heaps.stream().max(java.util.Comparator.comparingLong(HeapNeed::neededBytes)).orElse(null);
        m.put("heap_bytes", most == null || most.neededBytes() == 0 ? null
                : Map.of("amount", most.neededBytes(), "result", most.result()));
        m.put("carriers", carriers.isPresent() ? carriers.getAsInt() : null);
        m.put("async_cpu", asyncCpu);
        return m;
    }
}
