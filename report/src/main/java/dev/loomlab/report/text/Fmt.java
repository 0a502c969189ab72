package dev.loomlab.report.text;

import dev.loomlab.core.stats.Summary;

import java.util.Locale;
import java.util.Map;

/** Number and parameter formatting shared by the renderers. */
public final class Fmt {
    private Fmt() {
    }

    /** A figure for people: thousands grouped above 1,000, three significant digits below. */
    public static String num(Double v) {
        if (v == null || v.isNaN()) {
            return "n/a";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * The headline pair: the mean ± the half-width of the 99.9% CI of the mean ({@code 63.8 ± 3.03}), or
     * with too few samples for an interval the mean and {@code (n<3)}.
     */
    public static String meanCi(Summary s) {
        if (s == null) {
            return "n/a";
        }
        return num(s.mean()) + (s.hasInterval() ? " ± " + num(s.ciHalfWidth()) : " " + NO_CI);
    }

    /** What stands in for an interval with too few samples. */
    public static final String NO_CI = "(n<" + Summary.MIN_CI_SAMPLES + ")";

    /** {@code tasks=2000 sleep=50ms}. */
    public static String params(Map<String, Object> params) {
        StringBuilder sb = new StringBuilder();
        params.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }

    /** The first line of a possibly multi-line message. */
    public static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
