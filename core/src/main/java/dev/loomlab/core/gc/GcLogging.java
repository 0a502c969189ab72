package dev.loomlab.core.gc;

import java.nio.file.Path;

/**
 * The unified-logging flag that makes a trial JVM write its GC log, and where that log lies: beside the
 * trial log, named like it with {@code .gc.log} for {@code .log}.
 */
public final class GcLogging {
    /**
     * Every {@code gc} tag at info level (the pauses, the heap before and after, the phases), decorated
     * with the uptime for a reader, {@code timenanos} ({@link System#nanoTime()}, which ties a line to a
     * measured iteration), the level and the tags. {@code filecount=0} keeps it one file: the JVM would
     * otherwise rotate it at 20 MB and drop the oldest.
     */
    private static final String SPEC = "-Xlog:gc*=info:file=\"%s\":uptime,timenanos,level,tags:filecount=0";

    private GcLogging() {
    }

    /** The flag that writes the GC log to {@code file} (quoted: a path may hold {@code :} or {@code ,}). */
    public static String flag(Path file) {
        return SPEC.formatted(file.toAbsolutePath());
    }

    /** The GC log of the trial that logs to {@code trialLog}. */
    public static Path pathFor(Path trialLog) {
        String name = trialLog.getFileName().toString();
        String base = name.endsWith(".log") ? name.substring(0, name.length() - ".log".length()) : name;
        return trialLog.resolveSibling(base + ".gc.log");
    }
}
