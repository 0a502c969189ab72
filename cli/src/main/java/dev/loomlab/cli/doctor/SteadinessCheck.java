package dev.loomlab.cli.doctor;

import dev.loomlab.core.param.Units;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a {@link CpuSteadiness} measurement ({@code loomlab doctor --steadiness}): how far this machine's own
 * speed moved over the span, against which any difference between two figures measured here must be read.
 */
public final class SteadinessCheck {
    static final String NAME = "steadiness";
    /** A window spread above this, percent, is warned of: most comparisons loomlab reports are about differences of this size. */
    static final double WARN_PCT = 5;

    private SteadinessCheck() {
    }

    public static Check judge(CpuSteadiness s, Duration span, int threads) {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("span_s", span.toMillis() / 1000.0);
        raw.put("threads", threads);
        raw.put("rounds", s.roundMillis().size());
        raw.put("fastest_ms", round(s.fastestMillis()));
        raw.put("median_ms", round(s.medianMillis()));
        raw.put("p99_ms", round(s.quantileMillis(0.99)));
        raw.put("slowest_ms", round(s.slowestMillis()));
        raw.put("stalls", s.stalls());
        raw.put("window_means_ms", s.windowMeans().stream().map(SteadinessCheck::round).toList());
        raw.put("window_spread_pct", round(s.windowSpreadPct()));
        String finding = String.format(Locale.ROOT, "the same CPU work on %d %s for %s: %d rounds of %.1f–%.1f ms (median %.1f ms,"
                        + " p99 %.1f ms; %d over twice the median); the mean round of each sixth of them %.1f%% apart", threads,
                threads == 1 ? "thread" : "threads", Units.formatDuration(span.toNanos()), s.roundMillis().size(), s.fastestMillis(),
                s.slowestMillis(), s.medianMillis(), s.quantileMillis(0.99), s.stalls(), s.windowSpreadPct());
        // Judged as shown: a spread printed as 5.0% is within the line.
        if (round(s.windowSpreadPct()) <= WARN_PCT) {
            return Check.of(NAME, CheckStatus.OK, finding, String.format(Locale.ROOT, "this machine held its mean speed within"
                    + " %.1f%% over the span: its drift does not explain a larger difference between two figures (its stalls,"
                    + " and load, may)", s.windowSpreadPct()), "", raw);
        }
        return Check.of(NAME, CheckStatus.WARN, finding, String.format(Locale.ROOT, "within %s this machine alone moved the speed"
                + " of the same work by %.1f%%: CPU-bound figures measured here that differ by less (two forks, two capacity"
                + " searches, a search and a sweep of fixed-rate runs) cannot be told apart", Units.formatDuration(span.toNanos()),
                s.windowSpreadPct()),
                "measure on dedicated cores (bare metal, or a VM whose CPUs are not shared) with the performance governor;"
                        + " else repeat what you compare, back to back, and read the spread", raw);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
