package dev.loomlab.report.compare;

import dev.loomlab.report.analysis.RatioEstimate;
import org.apache.commons.math3.distribution.BinomialDistribution;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Whether two runs ran on comparable machines, from their {@code summary.json} (written at the start of
 * a run: {@code cores}, {@code cpu_model}, {@code jdks} …): one warning per difference in cores, CPU model
 * or JDK versions; and whether the machine's state seems to have differed ({@link #drift}). A difference
 * does not stop the comparison, but its ratios then measure the machines as much as the code.
 */
public final class Machines {
    /** The share of results (percent) moving together beyond the threshold that {@link #drift} warns about. */
    static final int DRIFT_SHARE_PCT = 25;
    /** The fewest results moving together that {@link #drift} warns about. */
    static final int DRIFT_MIN = 3;
    /** The sign test's level in {@link #drift}. */
    static final double DRIFT_ALPHA = 0.01;

    private Machines() {
    }

    /**
     * @param baseline the baseline's summary.json; empty when it has none
     * @param candidate the candidate's summary.json; empty when it has none
     * @return one line per difference, e.g. {@code the machines differ: cores 2 (baseline) vs 4 (candidate)};
     *         one line saying what cannot be checked when a summary.json is missing
     */
    public static List<String> warnings(Map<String, Object> baseline, Map<String, Object> candidate) {
        List<String> out = new ArrayList<>();
        if (baseline.isEmpty() || candidate.isEmpty()) {
            String which = baseline.isEmpty() && candidate.isEmpty() ? "either run" : baseline.isEmpty() ? "the baseline" : "the candidate";
            out.add("no summary.json in " + which + ": cannot check that both ran on the same machine and JDKs");
            return out;
        }
        differ(out, "the machines differ: cores", baseline.get("cores"), candidate.get("cores"));
        differ(out, "the machines differ: CPU", baseline.get("cpu_model"), candidate.get("cpu_model"));
        differ(out, "the JDKs differ:", jdks(baseline.get("jdks")), jdks(candidate.get("jdks")));
        return out;
    }

    /**
     * A warning when many results moved beyond the threshold in the same direction: at least
     * {@value #DRIFT_SHARE_PCT}% of the results with a ratio (and at least {@value #DRIFT_MIN}), and, of
     * the results that moved beyond it either way, more one way than a sign test allows by chance
     * (p ≤ {@value #DRIFT_ALPHA}). That is what a busier or slower machine does to every result at once
     * (or a change that really touches everything, such as a JDK upgrade). The verdicts stand; the
     * warning says they may be the machine's.
     */
    public static Optional<String> drift(Comparison c) {
        List<Double> ratios = c.changes().stream().filter(ch -> ch.estimate() != null)
                .map(ch -> ch.estimate().ratio()).sorted().toList();
        if (ratios.size() < DRIFT_MIN) {
            return Optional.empty();
        }
        double t = c.thresholdPct() / 100;
        long up = ratios.stream().filter(r -> r > 1 + t).count();
        long down = ratios.stream().filter(r -> r < 1 - t).count();
        long most = Math.max(up, down);
        if (most < DRIFT_MIN || most * 100 < (long) DRIFT_SHARE_PCT * ratios.size()
                || signTestP((int) most, (int) (up + down)) > DRIFT_ALPHA) {
            return Optional.empty();
        }
        int n = ratios.size();
        double median = n % 2 == 1 ? ratios.get(n / 2) : Math.sqrt(ratios.get(n / 2 - 1) * ratios.get(n / 2));
        return Optional.of(most + " of " + n + " results moved beyond ±" + CompareReport.percent(c.thresholdPct())
                + " the same way (" + up + " up, " + down + " down; median ratio ×" + RatioEstimate.fmt(median)
                + "): the machine's speed or load likely differed between the runs, which no number of iterations "
                + "within one run can tell from a change in the code; compare runs made on a quiet machine, close together");
    }

    /** Two-sided sign test: the chance of {@code k} or more of {@code m} coin flips landing one way, doubled. */
    static double signTestP(int k, int m) {
        return Math.min(1, 2 * (1 - new BinomialDistribution(m, 0.5).cumulativeProbability(k - 1)));
    }

    private static void differ(List<String> out, String what, Object base, Object cand) {
        if (base == null || cand == null || Objects.equals(String.valueOf(base), String.valueOf(cand))) {
            return;
        }
        out.add(what + " " + base + " (baseline) vs " + cand + " (candidate)");
    }

    /** The JDK versions of summary.json's {@code jdks} list, sorted and comma-separated; null when absent. */
    private static String jdks(Object value) {
        if (!(value instanceof Collection<?> list) || list.isEmpty()) {
            return null;
        }
        TreeSet<String> versions = new TreeSet<>();
        for (Object jdk : list) {
            if (jdk instanceof Map<?, ?> m && m.get("version") != null) {
                versions.add(String.valueOf(m.get("version")));
            }
        }
        return versions.isEmpty() ? null : String.join(", ", versions);
    }
}
