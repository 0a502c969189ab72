package dev.loomlab.core.cpu;

import dev.loomlab.core.BadInputException;

import java.util.BitSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of CPUs by their Linux numbers, in the form Linux writes them ({@code Cpus_allowed_list}, {@code taskset -c},
 * cpuset files): numbers and ranges, comma-separated — {@code 0}, {@code 0,2}, {@code 0-3}, {@code 0-1,4}. Written back
 * in the shortest such form, so {@code 1,0} and {@code 0-1} are one list. Never empty.
 */
public final class CpuList {
    /** The highest CPU number taken: Linux numbers at most 8,192 CPUs (its {@code CONFIG_NR_CPUS} limit). */
    public static final int MAX_CPU = 8191;
    private static final Pattern PART = Pattern.compile("(\\d{1,5})(?:-(\\d{1,5}))?");

    private final BitSet cpus;

    private CpuList(BitSet cpus) {
        this.cpus = cpus;
    }

    /**
     * Parses {@code text}; errors are {@link BadInputException}s starting with {@code what} (e.g. {@code --cpus}) unless it
     * is null.
     */
    public static CpuList parse(String what, String text) {
        BitSet set = new BitSet();
        String t = text.strip();
        for (String part : t.split(",", -1)) {
            Matcher m = PART.matcher(part.strip());
            if (!m.matches()) {
                throw bad(what, text);
            }
            int from = Integer.parseInt(m.group(1));
            int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
            if (to < from) {
                throw bad(what, text, "its range " + part.strip() + " runs backwards");
            }
            if (to > MAX_CPU) {
                throw bad(what, text, "CPU " + to + " is above " + MAX_CPU + ", the highest Linux numbers");
            }
            set.set(from, to + 1);
        }
        return new CpuList(set);
    }

    /** The list of exactly {@code cpus}; at least one. */
    public static CpuList of(int... cpus) {
        if (cpus.length == 0) {
            throw new IllegalArgumentException("a CPU list holds at least one CPU");
        }
        BitSet set = new BitSet();
        for (int cpu : cpus) {
            set.set(cpu);
        }
        return new CpuList(set);
    }

    private static BadInputException bad(String what, String text) {
        return bad(what, text, null);
    }

    private static BadInputException bad(String what, String text, String why) {
        String message = "'" + text + "' is not a CPU list (" + (why == null ? "e.g. 0, 0,2, 0-3 or 0-1,4" : why) + ")";
        return new BadInputException(what == null ? message : what + ": " + message);
    }

    /** How many CPUs. */
    public int size() {
        return cpus.cardinality();
    }

    /** The lowest CPU number. */
    public int first() {
        return cpus.nextSetBit(0);
    }

    public boolean containsAll(CpuList other) {
        BitSet missing = (BitSet) other.cpus.clone();
        missing.andNot(cpus);
        return missing.isEmpty();
    }

    /** The CPUs of this list that {@code other} lacks; null when there are none. */
    public CpuList without(CpuList other) {
        BitSet rest = (BitSet) cpus.clone();
        rest.andNot(other.cpus);
        return rest.isEmpty() ? null : new CpuList(rest);
    }

    /** The CPUs both lists hold; null when they share none. */
    public CpuList shared(CpuList other) {
        BitSet both = (BitSet) cpus.clone();
        both.and(other.cpus);
        return both.isEmpty() ? null : new CpuList(both);
    }

    /** The shortest Linux form: {@code 0-1,4}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int from = cpus.nextSetBit(0); from >= 0; ) {
            int to = cpus.nextClearBit(from) - 1;
            sb.append(sb.isEmpty() ? "" : ",").append(from);
            if (to > from) {
                sb.append('-').append(to);
            }
            from = cpus.nextSetBit(to + 1);
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuList other && cpus.equals(other.cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }
}
