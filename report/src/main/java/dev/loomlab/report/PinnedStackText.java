package dev.loomlab.report;

import dev.loomlab.core.stats.Metric;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.pinning.UserFirstStack;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.result.Result;

import java.util.List;

/**
 * Pinned stacks as text: each stack's events and pinned time, then the code's own frames first — from
 * its innermost frame outwards ({@link UserFirstStack}) — and one line naming the JDK call it blocked in.
 * A stack of JDK frames only is shown as it is, without the leading {@code java.lang.VirtualThread}
 * frames (the park machinery every pinned event shares).
 */
public final class PinnedStackText {
    private static final String PARK_FRAMES = "java.lang.VirtualThread.";

    private PinnedStackText() {
    }

    /** Up to {@code maxStacks} stacks with up to {@code maxFrames} frames each, every line prefixed by {@code indent}. */
    public static String render(List<PinnedStack> stacks, int maxStacks, int maxFrames, String indent) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(maxStacks, stacks.size()); i++) {
            PinnedStack s = stacks.get(i);
            sb.append(indent).append('#').append(i + 1).append("  ").append(String.format(java.util.Locale.ROOT, "%,d", s.events()))
                    .append(s.events() == 1 ? " event, " : " events, ").append(Fmt.num(s.timeMs())).append(" ms pinned\n");
            UserFirstStack split = UserFirstStack.of(s.frames());
            List<String> frames = split.blocking().isEmpty() ? shown(split.user()) : split.user();
            for (int f = 0; f < Math.min(maxFrames, frames.size()); f++) {
                sb.append(indent).append("      ").append(frames.get(f)).append('\n');
            }
            if (frames.size() > maxFrames) {
                sb.append(indent).append("      … ").append(frames.size() - maxFrames).append(" more frames\n");
            }
            List<String> blocking = shown(split.blocking());
            if (!blocking.isEmpty()) {
                // The code's own frames come first; the JDK frames of the blocking call it made, in one line.
                sb.append(indent).append("      blocked in ").append(blocking.get(blocking.size() - 1))
                        .append(blocking.size() > 1 ? " (+" + (blocking.size() - 1) + " JDK frames inside it)" : "")
                        .append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * The results that recorded pinned events, each with its top stacks: a section for the console or
     * report.md; empty when none pinned.
     */
    public static String section(List<Result> results, int maxStacks, int maxFrames) {
        StringBuilder sb = new StringBuilder();
        for (Result r : results) {
            List<PinnedStack> stacks = r.section(PinnedStacks.SECTION).orElse(List.of());
            if (r.ok() && !stacks.isEmpty()) {
                sb.append(r.scenario()).append(' ').append(r.model()).append(' ').append(Fmt.params(r.params()))
                        .append(" [java ").append(r.jvm() == null ? "?" : r.jvm().version()).append("]: ")
                        .append(ResultRow.summary(r, Metric.PINNED_EVENTS.name()) == null ? "" :
                                Fmt.num(ResultRow.summary(r, Metric.PINNED_EVENTS.name()).median())
                                        + " pinned events per iteration (median); ")
                        .append(stacksOver(r.forks() == 0 ? r.iterations() : r.forks() * r.iterations())).append('\n')
                        .append(render(stacks, maxStacks, maxFrames, "  "));
            }
        }
        return sb.toString();
    }

    private static String stacksOver(int iterations) {
        return "stacks summed over " + iterations + (iterations == 1 ? " measured iteration" : " measured iterations");
    }

    private static List<String> shown(List<String> frames) {
        int first = 0;
        while (first < frames.size() - 1 && frames.get(first).startsWith(PARK_FRAMES)) {
            first++;
        }
        return frames.subList(first, frames.size());
    }
}
