package dev.loomlab.prof;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The frames a profile's samples were most often caught in: the top frames by <em>self</em> samples (how
 * often a frame was the innermost of a sample's stack, where the thread was), with how often it was anywhere
 * on the stack. Frames are {@code package.Class.method}, without line (see {@link Samples}), so every sample
 * in a method counts for it, as a flame graph's bar does.
 *
 * @param kind    what the samples measure
 * @param samples every sample of that kind in the recording (the 100% of the percentages)
 * @param frames  the top frames, most self samples first (ties: most total, then by name)
 */
@JsonPropertyOrder({"kind", "samples", "frames"})
public record TopFrames(SampleKind kind, long samples, List<TopFrame> frames) {

    /** How many frames a result keeps by default. */
    public static final int TOP = 10;

    public TopFrames {
        frames = List.copyOf(frames);
    }

    /**
     * One frame of the top list.
     *
     * @param frame       {@code package.Class.method}
     * @param selfSamples samples whose innermost frame it was
     * @param selfPct     {@code selfSamples} as a percentage of all samples (0–100)
     * @param totalPct    the percentage of samples with it anywhere on the stack, each sample counted once however
     *                    often the frame recurs in it (0–100)
     */
    @JsonPropertyOrder({"frame", "self_samples", "self_pct", "total_pct"})
    public record TopFrame(String frame, @JsonProperty("self_samples") long selfSamples,
                           @JsonProperty("self_pct") double selfPct, @JsonProperty("total_pct") double totalPct) {
    }

    /** The {@code limit} top frames by self samples of the {@code kind} samples in the recording at {@code jfr}. */
    public static TopFrames read(Path jfr, SampleKind kind, int limit) throws IOException {
        Map<String, long[]> counts = new HashMap<>(); // frame -> {self, total}
        Set<String> seen = new HashSet<>();
        long samples = Samples.forEach(jfr, kind, s -> {
            List<String> frames = s.frames();
            if (frames.isEmpty()) {
                return;
            }
            counts.computeIfAbsent(frames.get(0), f -> new long[2])[0] += s.weight();
            seen.clear();
            for (String f : frames) {
                if (seen.add(f)) {
                    counts.computeIfAbsent(f, x -> new long[2])[1] += s.weight();
                }
            }
        });
        List<TopFrame> all = new ArrayList<>();
        counts.forEach((frame, c) -> {
            if (c[0] > 0) {
                all.add(new TopFrame(frame, c[0], pct(c[0], samples), pct(c[1], samples)));
            }
        });
        all.sort(Comparator.comparingLong(TopFrame::selfSamples).reversed()
                .thenComparing(Comparator.comparingDouble(TopFrame::totalPct).reversed())
                .thenComparing(TopFrame::frame));
        return new TopFrames(kind, samples, all.subList(0, Math.min(limit, all.size())));
    }

    /** The {@link #TOP} top frames by CPU samples. */
    public static TopFrames read(Path jfr) throws IOException {
        return read(jfr, SampleKind.CPU, TOP);
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
