package dev.loomlab.core.memory;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Native Memory Tracking summary of this JVM ({@code jcmd VM.native_memory summary}, read through the
 * {@code DiagnosticCommand} MBean): committed bytes in total and per category ({@code Java Heap},
 * {@code Thread}, {@code Class} …). Needs the JVM flag {@code -XX:NativeMemoryTracking=summary}.
 *
 * @param totalCommitted committed bytes, every category
 * @param committed category → committed bytes
 */
public record NativeMemory(long totalCommitted, Map<String, Long> committed) {
    private static final Pattern TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern CATEGORY = Pattern.compile("(?m)^-\\s+(.+?) \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");

    /** Committed bytes of one category, 0 when it has none. */
    public long committed(String category) {
        return committed.getOrDefault(category, 0L);
    }

    /**
     * Categories that change with compilation and class loading, not with threads (and NMT's own
     * bookkeeping): left out of {@link #nativeCommitted()}, so a JIT arena freed between two snapshots
     * does not read as a thread's saving.
     */
    public static final List<String> NOT_THREADS = List.of("Java Heap", "Compiler", "Arena Chunk", "Code", "Class",
            "Metaspace", "Symbol", "Shared class space", "Native Memory Tracking");

    /** Committed bytes outside the Java heap that threads can account for: the total less {@link #NOT_THREADS}. */
    public long nativeCommitted() {
        return totalCommitted - NOT_THREADS.stream().mapToLong(this::committed).sum();
    }

    /** The summary now; null when tracking is off in this JVM or the MBean is unavailable. */
    public static NativeMemory read() {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Object out = server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[]{new String[]{"summary", "scale=KB"}}, new String[]{String[].class.getName()});
            return out instanceof String text ? parse(text) : null;
        } catch (JMException | RuntimeException e) {
            return null;
        }
    }

    /** Parses a summary's text; null when it holds no total (e.g. "Native memory tracking is not enabled"). */
    static NativeMemory parse(String text) {
        Matcher total = TOTAL.matcher(text);
        if (!total.find()) {
            return null;
        }
        Map<String, Long> categories = new LinkedHashMap<>();
        Matcher m = CATEGORY.matcher(text);
        while (m.find()) {
            categories.put(m.group(1).trim(), Long.parseLong(m.group(3)) * 1024);
        }
        return new NativeMemory(Long.parseLong(total.group(2)) * 1024, Map.copyOf(categories));
    }
}
