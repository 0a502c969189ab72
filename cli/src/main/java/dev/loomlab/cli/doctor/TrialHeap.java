package dev.loomlab.cli.doctor;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The most heap a trial JVM may take, from its flags: {@code -Xmx} or {@code -XX:MaxHeapSize} (bytes), else
 * {@code -XX:MaxRAMPercentage} of the memory the JVM sees (the cgroup's limit, else the machine's), else the
 * JVM's default, a quarter of it. The last flag given wins, as in the JVM.
 *
 * @param xmx        the heap size given outright; empty when none
 * @param ramPercent the share of memory when no size is given, in percent
 * @param flag       the flag that decides it, or {@code default (1/4 of memory)}
 */
public record TrialHeap(OptionalLong xmx, double ramPercent, String flag) {
    /** The JVM's {@code MaxRAMPercentage} when none is given. */
    static final double DEFAULT_PERCENT = 25;

    static TrialHeap of(List<String> jvmArgs) {
        OptionalLong xmx = OptionalLong.empty();
        double percent = DEFAULT_PERCENT;
        String sizeFlag = null;
        String percentFlag = null;
        for (String arg : jvmArgs) {
            String size = arg.startsWith("-Xmx") ? arg.substring(4)
                    : arg.startsWith("-XX:MaxHeapSize=") ? arg.substring("-XX:MaxHeapSize=".length()) : null;
            if (size != null) {
                OptionalLong bytes = bytes(size);
                if (bytes.isPresent()) {
                    xmx = bytes;
                    sizeFlag = arg;
                }
            } else if (arg.startsWith("-XX:MaxRAMPercentage=")) {
                try {
                    percent = Double.parseDouble(arg.substring("-XX:MaxRAMPercentage=".length()));
                    percentFlag = arg;
                } catch (NumberFormatException e) {
                    // the JVM refuses it and the trial fails, saying why
                }
            }
        }
        String flag = sizeFlag != null ? sizeFlag : percentFlag != null ? percentFlag : "the default, 1/4 of memory";
        return new TrialHeap(xmx, percent, flag);
    }

    /** The heap's ceiling, in bytes, on a machine whose JVMs see {@code memoryBytes}. */
    long maxBytes(long memoryBytes) {
        return xmx.isPresent() ? xmx.getAsLong() : (long) (memoryBytes * ramPercent / 100);
    }

    /** A JVM size ({@code 512m}, {@code 2g}, {@code 1048576}) in bytes; empty when it is not one. */
    static OptionalLong bytes(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            return OptionalLong.empty();
        }
        long unit = switch (t.charAt(t.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1;
        };
        OptionalLong n = SmallFiles.parse(unit == 1 ? t : t.substring(0, t.length() - 1));
        return n.isPresent() ? OptionalLong.of(n.getAsLong() * unit) : OptionalLong.empty();
    }
}
