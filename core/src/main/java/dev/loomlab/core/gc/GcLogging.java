package dev.loomlab.core.gc;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
    private static final String PREFIX = SPEC.substring(0, SPEC.indexOf("%s"));
    private static final String SUFFIX = SPEC.substring(SPEC.indexOf("%s") + 2);
    private static final String EXTENSION = ".gc.log";

    private GcLogging() {
    }

    /** The flag that writes the GC log to {@code file} (quoted: a path may hold {@code :} or {@code ,}). */
    public static String flag(Path file) {
        return SPEC.formatted(file.toAbsolutePath());
    }

    /** The GC log {@link #flag} names among {@code jvmArgs}, if one does. */
    public static Optional<Path> fileIn(List<String> jvmArgs) {
        return jvmArgs.stream()
                .filter(a -> a.startsWith(PREFIX) && a.endsWith(SUFFIX))
                .map(a -> Path.of(a.substring(PREFIX.length(), a.length() - SUFFIX.length())))
                .findFirst();
    }

    /** This JVM's GC log, when loomlab started it with one (a trial JVM); empty in the CLI's own JVM. */
    public static Optional<Path> ofThisJvm() {
        return fileIn(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /**
     * The log beside {@code gcLog} for another JVM the trial starts, {@code part} naming it: {@code
     * trial.gc.log} → {@code trial.<part>.gc.log}. A {@code %p} in {@code part} becomes that JVM's pid when
     * the JVM opens the file (unified logging's own substitution).
     */
    public static Path sibling(Path gcLog, String part) {
        String name = gcLog.getFileName().toString();
        String base = name.endsWith(EXTENSION) ? name.substring(0, name.length() - EXTENSION.length()) : name;
        return gcLog.resolveSibling(base + "." + part + EXTENSION);
    }

    /** {@code pattern} with unified logging's {@code %p} replaced by {@code pid}. */
    public static Path withPid(Path pattern, long pid) {
        return pattern.resolveSibling(pattern.getFileName().toString().replace("%p", Long.toString(pid)));
    }

    /** The GC log of the trial that logs to {@code trialLog}. */
    public static Path pathFor(Path trialLog) {
        String name = trialLog.getFileName().toString();
        String base = name.endsWith(".log") ? name.substring(0, name.length() - ".log".length()) : name;
        return trialLog.resolveSibling(base + EXTENSION);
    }
}
