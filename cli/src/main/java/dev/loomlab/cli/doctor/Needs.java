package dev.loomlab.cli.doctor;

import dev.loomlab.cli.plan.PlannedResult;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.scenario.MachineNeeds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a plan asks of the machine: the largest need of each kind, with the result that has it. Each result's
 * scenario declares what it needs from its parameters and model ({@link MachineNeeds}); what follows from the model
 * and the trial's flags alone is worked out here: a pool of platform threads running tasks, the trial's heap, the
 * virtual-thread scheduler's carriers.
 *
 * @param results         the planned results, as {@code scenario model params}
 * @param sockets         sockets one process holds at once (the client's JVM and the server's JVM each)
 * @param portsPerSource  connections from one source address to one server address and port at once
 * @param loopbackSources loopback source addresses (127.0.0.1, .2, …) the clients bind
 * @param connectsAtOnce  connects in flight at once to one listening socket
 * @param heaps           each result's trial heap and the heap its own data needs (bytes; 0 when nothing notable)
 * @param platformThreads platform threads one process starts at once
 * @param carriers        {@code -Djdk.virtualThreadScheduler.parallelism} when a result's flags set it
 * @param asyncCpu        true when {@code --prof async:cpu} samples CPU with perf events
 */
public record Needs(List<String> results, Need sockets, Need portsPerSource, Need loopbackSources, Need connectsAtOnce,
                    List<HeapNeed> heaps, Need platformThreads, OptionalInt carriers, boolean asyncCpu) {
    /** Open files a process needs beyond its sockets: its jars, logs, pipes. */
    public static final int OPEN_FILE_MARGIN = MachineNeeds.OPEN_FILES_BESIDE_SOCKETS;

    /**
     * The most of one thing a result needs.
     *
     * @param result the result that needs the most, as {@code scenario model params}; empty when none
     * @param need   how many, why, and what becomes of the result where the machine has fewer
     */
    public record Need(String result, MachineNeeds.Need need) {
        static final Need NONE = new Need("", MachineNeeds.Need.NONE);

        /** How many (sockets, ports, addresses, threads); 0 when nothing in the plan needs it. */
        public long amount() {
            return need.amount();
        }

        /** How that result comes to need it, e.g. {@code holds 100,000 connections …}. */
        public String why() {
            return need.why();
        }

        /** What becomes of that result where the machine allows only {@code available}; empty when it simply fails. */
        public Optional<String> whenShort(long available) {
            return need.whenShort(available);
        }

        Need max(MachineNeeds.Need other, String result) {
            return other.amount() > amount() ? new Need(result, other) : this;
        }

        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("amount", amount());
            m.put("result", result.isEmpty() ? null : result);
            return m;
        }
    }

    /**
     * One result's trial heap and what its own data needs of it.
     *
     * @param neededBytes the heap its data take (e.g. parked virtual threads); 0 for a result that needs no notable heap
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
            MachineNeeds declared = p.machineNeeds();
            sockets = sockets.max(declared.sockets(), label);
            ports = ports.max(declared.portsPerSource(), label);
            sources = sources.max(declared.loopbackSources(), label);
            connects = connects.max(declared.connectsAtOnce(), label);
            threads = threads.max(declared.platformThreads(), label);
            // A pool of platform threads runs up to its size of the tasks at once, whatever the scenario.
            if (p.model().threads() == ServingThread.PLATFORM && p.params().canonical().containsKey("tasks")) {
                long n = Math.min(p.params().count("tasks"), p.model().limit());
                threads = threads.max(MachineNeeds.Need.of(n, "runs its tasks on up to " + count(n) + " platform threads"), label);
            }
            heaps.add(new HeapNeed(label, TrialHeap.of(p.jvmArgs()), declared.heapBytes().amount(), declared.heapBytes().why()));
            for (String arg : p.jvmArgs()) {
                if (arg.startsWith(PARALLELISM)) {
                    var n = SmallFiles.parse(arg.substring(PARALLELISM.length()));
                    if (n.isPresent() && (carriers.isEmpty() || n.getAsLong() > carriers.getAsInt())) {
                        carriers = OptionalInt.of((int) n.getAsLong());
                    }
                }
            }
        }
    }

    /** The flag that sets how many carriers the virtual-thread scheduler has. */
    public static final String PARALLELISM = "-Djdk.virtualThreadScheduler.parallelism=";

    /** A count with thousands separators, e.g. {@code 100,000}. */
    static String count(long n) {
        return MachineNeeds.count(n);
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
