package dev.loomlab.cli.doctor;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The memory limit against the heaps the planned trials may take and the heap the memory scenario's parked
 * virtual threads need. A JVM sizes its default heap (a quarter) and {@code -XX:MaxRAMPercentage} from the
 * cgroup's limit where there is one, else from the machine's memory.
 */
final class MemoryCheck implements MachineCheck {
    static final String NAME = "memory";
    /** Above this share of its heap, a result's live threads leave the collector little room. */
    private static final double TIGHT = 0.75;

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        MemoryFacts memory = facts.memory();
        Map<String, Object> raw = new LinkedHashMap<>(memory.json());
        OptionalLong limit = memory.limit();
        if (limit.isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, "memory limit " + Words.UNAVAILABLE,
                    "the trials' heaps and the memory scenario's needs cannot be judged here", "", raw);
        }
        long l = limit.getAsLong();
        raw.put("limit_bytes", l);
        String finding = memory.cgroupLimit().isPresent()
                ? "cgroup memory limit " + Words.mb(l) + memory.memTotal().stream().mapToObj(t -> " (MemTotal " + Words.mb(t) + ")")
                .findFirst().orElse("")
                : "MemTotal " + Words.mb(l) + ", no cgroup memory limit";
        Optional<Needs.HeapNeed> largest = needs.heaps().stream().max(Comparator.comparingLong(h -> h.heap().maxBytes(l)));
        if (largest.isPresent()) {
            finding += "; trial heaps up to " + Words.mb(largest.get().heap().maxBytes(l)) + " (" + largest.get().heap().flag() + ")";
            raw.put("largest_trial_heap_bytes", largest.get().heap().maxBytes(l));
        }
        Optional<Needs.HeapNeed> tightest = needs.heaps().stream().filter(h -> h.neededBytes() > 0)
                .max(Comparator.comparingDouble(h -> (double) h.neededBytes() / h.heap().maxBytes(l)));
        if (tightest.isPresent()) {
            Needs.HeapNeed h = tightest.get();
            long heap = h.heap().maxBytes(l);
            raw.put("heap_needed_bytes", h.neededBytes());
            raw.put("heap_needed_by", h.result());
            String need = h.result() + ": " + h.why() + ", about " + Words.mb(h.neededBytes()) + " of its trial's "
                    + Words.mb(heap) + " heap (" + h.heap().flag() + ")";
            if (h.neededBytes() > heap) {
                long ask = Words.roundUp((long) (h.neededBytes() * 1.5 / (1 << 20)));
                return Check.of(NAME, CheckStatus.FAIL, finding, need + "; it does not fit, so the result is not applicable"
                                + " or dies of OutOfMemoryError (failed)",
                        (h.neededBytes() * 1.5 < l ? "give it more heap: --jvm-arg=-Xmx" + ask + "m; " : "")
                                + "more memory (a larger cgroup limit: docker run --memory=…), or fewer threads (-p threads=…)", raw);
            }
            if (h.neededBytes() > TIGHT * heap) {
                return Check.of(NAME, CheckStatus.WARN, finding, need + "; it fits with little room, so full collections"
                        + " fall in the measured iterations (the gc note) and the figures carry them", "more heap"
                        + " (--jvm-arg=-Xmx…, below the memory limit) or more memory", raw);
            }
            return Check.of(NAME, CheckStatus.OK, finding, need + "; it fits", "", raw);
        }
        Optional<Needs.HeapNeed> beyond = needs.heaps().stream().filter(h -> h.heap().maxBytes(l) > l).findFirst();
        if (beyond.isPresent()) {
            return Check.of(NAME, CheckStatus.WARN, finding, beyond.get().result() + " may take a heap beyond the memory there"
                    + " is (" + beyond.get().heap().flag() + "): if it uses it, the kernel kills it and the result fails",
                    "a smaller --jvm-arg=-Xmx…", raw);
        }
        return Check.of(NAME, CheckStatus.OK, finding, "no result of this plan needs much heap; each trial JVM may take up to"
                + " its heap, and web and echo start a server JVM beside it", "", raw);
    }
}
