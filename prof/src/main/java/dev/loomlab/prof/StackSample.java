package dev.loomlab.prof;

import java.util.List;

/**
 * One sample of a profile: the stack it caught and how many samples it stands for.
 *
 * @param frames the stack, innermost frame first, each named as {@link Samples} names frames
 * @param types  each frame's kind, as async-profiler's converter colours it ({@code one.convert.Frame.TYPE_*})
 * @param weight how many samples this event stands for: 1, or more for a wall-clock sample of an idle thread
 * @param leaf   for allocation and lock samples, the class allocated or locked on (null when unknown or other kinds)
 */
record StackSample(List<String> frames, byte[] types, long weight, Leaf leaf) {

    /** The class an allocation or lock sample is about, with the frame type the flame graph colours it by. */
    record Leaf(String name, byte type) {
    }
}
