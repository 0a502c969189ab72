package dev.loomlab.junit;

import dev.loomlab.core.pinning.UserFirstStack;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.pinning.PinnedEvents;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The assertion error of a test that pinned: how many pinned events and how long in total, then each
 * distinct stack (most events first) with the user's frames first and the blocking call below them.
 */
final class PinningFailure {
    /** Stacks shown; the rest are counted. */
    static final int STACKS = PinnedStack.TOP;
    /** Frames shown per stack from the user's innermost one out; the rest are counted. */
    static final int FRAMES = 24;

    private PinningFailure() {
    }

    /** The error for {@code test}'s pinned events, or none when the rules tolerate all of them. */
    static Optional<AssertionError> of(String test, PinnedEvents events, PinningRules rules) {
        List<PinnedStack> failing = new ArrayList<>();
        long allowed = 0;
        for (PinnedStack s : events.stacks()) {
            if (rules.allows(s.frames())) {
                allowed += s.events();
            } else {
                failing.add(s);
            }
        }
        if (failing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new AssertionError(message(test, failing, allowed, rules)));
    }

    private static String message(String test, List<PinnedStack> stacks, long allowed, PinningRules rules) {
        long events = 0;
        double timeMs = 0;
        for (PinnedStack s : stacks) {
            events += s.events();
            timeMs += s.timeMs();
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s pinned a carrier thread: %,d %s, %s in total (JFR jdk.VirtualThreadPinned, each %s or longer",
                test, events, events == 1 ? "pinned event" : "pinned events", ms(timeMs), Units.formatDuration(rules.thresholdNanos())));
        if (allowed > 0) {
            sb.append(String.format(Locale.ROOT, "; %,d more at allowed frames", allowed));
        }
        sb.append(")\n");
        for (int i = 0; i < Math.min(STACKS, stacks.size()); i++) {
            render(i + 1, stacks.get(i), sb);
        }
        if (stacks.size() > STACKS) {
            sb.append(String.format(Locale.ROOT, "… %d more distinct stacks%n", stacks.size() - STACKS));
        }
        return sb.toString();
    }

    private static void render(int rank, PinnedStack s, StringBuilder sb) {
        sb.append(String.format(Locale.ROOT, "#%d  %,d %s, %s pinned, at%n", rank, s.events(), s.events() == 1 ? "event" : "events", ms(s.timeMs())));
        UserFirstStack stack = UserFirstStack.of(s.frames());
        List<String> user = stack.user();
        for (int f = 0; f < Math.min(FRAMES, user.size()); f++) {
            sb.append("      ").append(user.get(f)).append('\n');
        }
        if (user.size() > FRAMES) {
            sb.append("      … ").append(user.size() - FRAMES).append(" more frames\n");
        }
        if (!stack.blocking().isEmpty()) {
            sb.append("    blocked in (innermost first): ").append(String.join(", ", stack.blocking())).append('\n');
        }
    }

    private static String ms(double ms) {
        return String.format(Locale.ROOT, "%,.1f ms", ms);
    }
}
