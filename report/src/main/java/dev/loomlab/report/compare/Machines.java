package dev.loomlab.report.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Whether two runs ran on comparable machines, from their {@code summary.json} (written at the start of
 * a run: {@code cores}, {@code cpu_model}, {@code jdks} …): one warning per difference in cores, CPU model
 * or JDK versions. A difference does not stop the comparison, but its ratios then measure the machines
 * as much as the code.
 */
public final class Machines {
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
