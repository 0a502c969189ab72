package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code peak_rss_mb}: the process's peak resident set during the iteration, Linux's VmHWM, reset
 * before each iteration by writing 5 to {@code /proc/self/clear_refs}. Unavailable (NaN) without
 * /proc or when the reset is refused, rather than a peak carried over from earlier.
 */
public final class RssProbe implements Probe {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");
    private boolean reset;

    @Override
    public void beforeIteration() {
        try {
            Files.writeString(CLEAR_REFS, "5", StandardCharsets.US_ASCII);
            reset = true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            reset = false;
        }
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        metrics.put(Metric.PEAK_RSS_MB.name(), reset ? readStatusKb("VmHWM") / 1024.0 : Double.NaN);
    }

    /** A field of /proc/self/status in kB, NaN if absent. */
    public static double readStatusKb(String field) {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith(field + ":")) {
                    return Double.parseDouble(line.substring(field.length() + 1).replace("kB", "").trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Double.NaN;
        }
        return Double.NaN;
    }
}
