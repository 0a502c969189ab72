package dev.loomlab.core.prof;

import dev.loomlab.core.BadInputException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One {@code --prof NAME[:option]} value, parsed: {@code jfr}, {@code async[:cpu|wall|alloc|lock]}
 * (event {@code cpu} when none is given) or {@code gc}. {@link #toString} is the canonical text results
 * and file names use.
 *
 * @param kind  which profiler
 * @param event async-profiler's event; null for the other kinds
 */
public record ProfilerSpec(Kind kind, String event) {

    /** The profilers loomlab can run inside a measured JVM. */
    public enum Kind {
        /** A JDK Flight Recorder recording with the {@code profile} settings and {@link JfrEvents}. */
        JFR,
        /** async-profiler, one event. */
        ASYNC,
        /** Allocation, churn per heap pool and pauses per iteration, as metrics (no file). */
        GC;

        /** The name {@code --prof} takes: the constant's, in lower case. */
        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** async-profiler's events loomlab offers, the first the default. */
    public static final List<String> ASYNC_EVENTS = List.of("cpu", "wall", "alloc", "lock");

    private static final String KNOWN = "jfr, async[:cpu|wall|alloc|lock], gc";

    public ProfilerSpec {
        if (kind == null) {
            throw new IllegalArgumentException("a profiler needs a kind");
        }
        if ((kind == Kind.ASYNC) != (event != null)) {
            throw new IllegalArgumentException("an event belongs to async alone: " + kind + " " + event);
        }
        if (event != null && !ASYNC_EVENTS.contains(event)) {
            throw new IllegalArgumentException("unknown async-profiler event " + event);
        }
    }

    public static ProfilerSpec jfr() {
        return new ProfilerSpec(Kind.JFR, null);
    }

    public static ProfilerSpec async(String event) {
        return new ProfilerSpec(Kind.ASYNC, event);
    }

    public static ProfilerSpec gc() {
        return new ProfilerSpec(Kind.GC, null);
    }

    /**
     * Parses one value; names and events are case-insensitive.
     *
     * @throws BadInputException for an unknown profiler, an unknown event or an option a profiler does not take
     */
    public static ProfilerSpec parse(String value) {
        String text = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        if (text.isEmpty()) {
            throw new BadInputException("--prof needs a profiler: " + KNOWN);
        }
        int colon = text.indexOf(':');
        String name = colon < 0 ? text : text.substring(0, colon);
        String option = colon < 0 ? null : text.substring(colon + 1);
        Kind kind = null;
        for (Kind k : Kind.values()) {
            if (k.text().equals(name)) {
                kind = k;
            }
        }
        if (kind == null) {
            throw new BadInputException("--prof " + value.strip() + ": unknown profiler '" + name + "' (profilers: " + KNOWN + ")");
        }
        if (kind != Kind.ASYNC) {
            if (option != null) {
                throw new BadInputException("--prof " + value.strip() + ": " + name + " takes no options");
            }
            return new ProfilerSpec(kind, null);
        }
        if (option == null) {
            return async(ASYNC_EVENTS.getFirst());
        }
        if (!ASYNC_EVENTS.contains(option)) {
            throw new BadInputException("--prof " + value.strip() + ": unknown async-profiler event '" + option
                    + "' (events: " + String.join(", ", ASYNC_EVENTS) + "; one per run)");
        }
        return async(option);
    }

    /**
     * Parses every value, in order. Each profiler may be named once: async-profiler runs one event at a
     * time in a JVM, so {@code async:cpu} with {@code async:wall} is refused like {@code jfr} twice.
     *
     * @throws BadInputException for the first value {@link #parse} refuses, or the first profiler named twice
     */
    public static List<ProfilerSpec> parseAll(List<String> values) {
        List<ProfilerSpec> specs = new ArrayList<>();
        Set<Kind> seen = new LinkedHashSet<>();
        for (String value : values) {
            ProfilerSpec spec = parse(value);
            if (!seen.add(spec.kind)) {
                ProfilerSpec first = specs.stream().filter(s -> s.kind == spec.kind).findFirst().orElseThrow();
                throw new BadInputException(first.equals(spec)
                        ? "--prof " + spec + " is named twice"
                        : "--prof " + first + " and " + spec + ": async-profiler runs one event at a time, name one");
            }
            specs.add(spec);
        }
        return List.copyOf(specs);
    }

    /**
     * The flags a JVM these profilers run in must be started with. jfr and async get
     * {@code -XX:+DebugNonSafepoints} (with {@code -XX:+UnlockDiagnosticVMOptions}): without it the JIT
     * keeps debug information only at safepoints, and samples land on the wrong inlined frame. async also
     * gets {@code --enable-native-access=ALL-UNNAMED}: its Java API loads its native library with
     * {@code System.load}, which JDK 24+ warns about otherwise (JDK 21 accepts the flag). gc needs none.
     */
    public static List<String> jvmFlags(List<ProfilerSpec> specs) {
        List<String> flags = new ArrayList<>();
        boolean sampling = specs.stream().anyMatch(s -> s.kind == Kind.JFR || s.kind == Kind.ASYNC);
        if (sampling) {
            flags.add("-XX:+UnlockDiagnosticVMOptions");
            flags.add("-XX:+DebugNonSafepoints");
        }
        if (specs.stream().anyMatch(s -> s.kind == Kind.ASYNC)) {
            flags.add("--enable-native-access=ALL-UNNAMED");
        }
        return List.copyOf(flags);
    }

    /**
     * What this profiler's file name adds to the trial's base name: {@code .jfr} for jfr,
     * {@code .async-cpu.jfr} for async:cpu; null for gc, which writes no file.
     */
    public String fileSuffix() {
        return switch (kind) {
            case JFR -> ".jfr";
            case ASYNC -> ".async-" + event + ".jfr";
            case GC -> null;
        };
    }

    /** {@code jfr}, {@code async:cpu} …, {@code gc}. */
    @Override
    public String toString() {
        return event == null ? kind.text() : kind.text() + ":" + event;
    }
}
