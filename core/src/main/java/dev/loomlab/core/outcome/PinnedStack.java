package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One stack at which virtual threads were pinned, with how often and for how long: JFR
 * {@code jdk.VirtualThreadPinned} events grouped by their stack trace.
 *
 * @param events pinned events with this stack
 * @param timeMs their total duration, ms
 * @param frames the stack, innermost frame first, each {@code class.method:line} (line omitted when
 *               unknown; hidden-class and lambda suffixes such as {@code /0x…} removed, so that the
 *               same code groups together)
 */
@JsonPropertyOrder({"events", "time_ms", "frames"})
public record PinnedStack(long events, @JsonProperty("time_ms") double timeMs, List<String> frames) {
    public PinnedStack {
        frames = List.copyOf(frames);
    }

    /** How many stacks a result and the pinning scan keep. */
    public static final int TOP = 5;

    /**
     * Stacks with equal frames merged (events and time added), the {@code limit} with the most events
     * first (then the most time).
     */
    public static List<PinnedStack> top(List<PinnedStack> stacks, int limit) {
        Map<List<String>, double[]> merged = new LinkedHashMap<>();
        for (PinnedStack s : stacks) {
            double[] sums = merged.computeIfAbsent(s.frames(), f -> new double[2]);
            sums[0] += s.events();
            sums[1] += s.timeMs();
        }
        List<PinnedStack> out = new ArrayList<>();
        merged.forEach((frames, sums) -> out.add(new PinnedStack((long) sums[0], sums[1], frames)));
        out.sort(Comparator.comparingLong(PinnedStack::events).thenComparingDouble(PinnedStack::timeMs).reversed());
        return List.copyOf(out.subList(0, Math.min(limit, out.size())));
    }
}
