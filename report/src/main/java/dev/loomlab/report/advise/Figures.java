package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Metrics;

import java.util.Locale;

/** The figures advice cites, written the same way everywhere. */
final class Figures {
    private Figures() {
    }

    /**
     * {@code virtual: wall ms mean 83.8 ms (99.9% CI of the mean -99.5 ms to 258 ms, 3 iterations)}, or
     * with fewer than three samples {@code … mean 83.8 ms (2 iterations, n<3: no CI)}.
     */
    static String summary(Result r, String metric) {
        Summary s = Metrics.summary(r, metric);
        StringBuilder sb = new StringBuilder(r.model()).append(": ").append(Metrics.label(metric)).append(" mean ")
                .append(Metrics.withUnit(metric, s.mean()));
        int n = s.n();
        if (s.ci999() != null) {
            sb.append(" (99.9% CI of the mean ").append(Metrics.withUnit(metric, s.ci999().low())).append(" to ")
                    .append(Metrics.withUnit(metric, s.ci999().high())).append(", ").append(n).append(" iterations)");
        } else {
            sb.append(" (").append(n).append(n == 1 ? " iteration" : " iterations").append(", n<")
                    .append(Summary.MIN_CI_SAMPLES).append(": no CI)");
        }
        return sb.toString();
    }

    /** {@code 6.7×}. */
    static String ratio(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%,.0f×", v) : String.format(Locale.ROOT, "%.1f×", v);
    }

    static String num(double v) {
        return Fmt.num(v);
    }

    /** A whole count: {@code 1,336}. */
    static String count(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }
}
