package dev.loomlab.report;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.pinning.UserFirstStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.load.Arm;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.text.Fmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer of an assessment ({@code loomlab assess}), from its results: for each URL, each arm's capacity within the
 * objective, the arms' latency at each common rate with the difference from the first arm and its interval, and what
 * stopped each arm (its knee's cause, with the figure). Differences use the estimator {@code compare} uses ({@link
 * Difference}: the Hodges-Lehmann ratio with its exact 99% interval, a verdict only beyond 5%); with fewer than five
 * samples a side it says so instead of judging.
 */
public final class AssessAnswer {
    private AssessAnswer() {
    }

    /** The answer's lines; empty when no result carries an arm. */
    public static List<String> lines(List<Result> results) {
        Map<String, List<Result>> byUrl = new LinkedHashMap<>();
        for (Result r : results) {
            if (r.section(Arm.SECTION).isPresent()) {
                byUrl.computeIfAbsent(String.valueOf(r.params().get("url")), u -> new ArrayList<>()).add(r);
            }
        }
        List<String> lines = new ArrayList<>();
        byUrl.forEach((url, rs) -> lines.addAll(forUrl(url, rs)));
        return lines;
    }

    private static List<String> forUrl(String url, List<Result> results) {
        List<String> lines = new ArrayList<>();
        Map<String, Result> searches = new LinkedHashMap<>();
        Map<String, Map<String, Result>> atRates = new LinkedHashMap<>();
        for (Result r : results) {
            String arm = arm(r);
            if (r.model().equals("open:" + LoadScenario.MAX)) {
                searches.put(arm, r);
            } else {
                atRates.computeIfAbsent(Fmt.num(rate(r)), k -> new LinkedHashMap<>()).put(arm, r);
            }
        }
        String slo = searches.values().stream().flatMap(r -> r.section(CapacitySearch.SECTION).stream())
                .map(s -> s.slo()).findFirst().orElse("the objective");
        lines.add("");
        lines.add("Answer for " + url + " (within " + slo + "):");
        lines.add("- throughput: " + throughput(searches));
        atRates.forEach((rate, byArm) -> lines.add("- at " + rate + "/s: " + latency(byArm)));
        if (!atRates.isEmpty()) {
            // the highest common rate: where the arms' threads, memory and pinning differ most
            Map<String, Result> busiest = atRates.values().stream().reduce((a, b) -> b).orElseThrow();
            String rate = atRates.keySet().stream().reduce((a, b) -> b).orElseThrow();
            lines.add("- memory and threads at " + rate + "/s: " + memory(busiest));
            lines.add("- pinning at " + rate + "/s: " + pinning(searches, busiest));
        }
        // an arm whose requests run on a bounded pool: what waits for a connection is bounded by it already
        Set<String> bounded = new HashSet<>();
        atRates.values().forEach(byArm -> byArm.forEach((arm, r) -> {
            if (r.metrics().get(ServerMetrics.SERVER_THREADS_MAX.name()) != null) {
                bounded.add(arm);
            }
        }));
        if (atRates.isEmpty()) {
            lines.add("- pinning: " + pinning(searches, Map.of()));
        }
        lines.add("- limits: " + limits(searches, bounded));
        return lines;
    }

    /** Each arm's capacity, and each other arm's against the first's. */
    private static String throughput(Map<String, Result> searches) {
        List<String> parts = new ArrayList<>();
        String metric = LoadMetrics.MAX_RATE_PER_S.name();
        Result first = null;
        List<String> against = new ArrayList<>();
        for (Map.Entry<String, Result> e : searches.entrySet()) {
            Result r = e.getValue();
            if (!r.ok() || r.metrics().get(metric) == null) {
                parts.add(e.getKey() + " none (" + (r.error() == null ? "no rate met the objective" : r.error()) + ")");
                continue;
            }
            Summary s = Metrics.summary(r, metric);
            parts.add(e.getKey() + " " + Fmt.num(s.median()) + "/s" + (s.n() > 1 ? " (median of " + s.n() + " searches, "
                    + Fmt.num(s.min()) + "–" + Fmt.num(s.max()) + "/s)" : ""));
            if (first == null) {
                first = r;
            } else {
                against.add(e.getKey() + " " + difference(first, r, metric, "searches"));
            }
        }
        int n = searches.values().stream().mapToInt(r -> r.metrics().get(metric) == null ? 0 : Metrics.summary(r, metric).n())
                .min().orElse(0);
        String single = n == 1 ? "; one search each: a single draw, see --repeat 5 for an interval" : "";
        return String.join(", ", parts) + (against.isEmpty() ? "" : "; " + String.join("; ", against)) + single;
    }

    /** p50 and p99 of each arm at one common rate, each other arm's p99 against the first's, and errors. */
    private static String latency(Map<String, Result> byArm) {
        List<String> parts = new ArrayList<>();
        List<String> against = new ArrayList<>();
        String p50 = LoadMetrics.RUN_LATENCY.named("p50");
        String p99 = LoadMetrics.RUN_LATENCY.named("p99");
        Result first = null;
        for (Map.Entry<String, Result> e : byArm.entrySet()) {
            Result r = e.getValue();
            if (!r.ok() || r.metrics().get(p99) == null) {
                parts.add(e.getKey() + " " + r.status().json() + (r.error() == null ? "" : " (" + r.error() + ")"));
                continue;
            }
            Summary errors = Metrics.summary(r, "errors");
            parts.add(e.getKey() + " p50 " + Fmt.num(Metrics.summary(r, p50).median()) + " ms, p99 "
                    + Fmt.num(Metrics.summary(r, p99).median()) + " ms" + (errors != null && errors.max() > 0
                    ? ", errors in " + (int) errors.samples().stream().filter(v -> v > 0).count() + " of " + errors.n() + " turns" : ""));
            if (first == null) {
                first = r;
            } else {
                against.add(e.getKey() + " " + difference(first, r, p99, "turns"));
            }
        }
        int turns = byArm.values().stream().mapToInt(Result::forks).max().orElse(0);
        return String.join("; ", parts) + (turns == 1 ? " (one turn)" : " (median of " + turns + " turns)")
                + (against.isEmpty() ? "" : "; " + String.join("; ", against));
    }

    /** {@code ×0.98 [0.95, 1.01] at 99%, 5 vs 5 turns: within noise}, against {@code baseline}. */
    private static String difference(Result baseline, Result candidate, String metric, String what) {
        Summary b = Metrics.summary(baseline, metric);
        Summary c = Metrics.summary(candidate, metric);
        Optional<String> why = Difference.unavailable(b, c, metric);
        if (why.isPresent()) {
            return "not compared: " + why.get();
        }
        Difference d = Difference.of(b, c, metric, Difference.DEFAULT_THRESHOLD_PCT);
        String verdict = switch (d.verdict()) {
            case FASTER -> "better beyond noise";
            case SLOWER -> "worse beyond noise";
            case WITHIN_NOISE -> "no difference beyond ±" + Difference.DEFAULT_THRESHOLD_PCT + "% shown";
            case TOO_FEW_SAMPLES -> "too few " + what + " to judge (" + Difference.samplesNeeded() + " a side needed)";
            case CHANGED -> "changed";
        };
        return Metrics.label(metric) + " ×" + Fmt.num(d.ratio()) + " of " + arm(baseline) + (d.estimate().reachable()
                ? " [" + Fmt.num(d.estimate().low()) + ", " + Fmt.num(d.estimate().high()) + "] at " + d.estimate().level() : "")
                + ", " + d.estimate().m() + " vs " + d.estimate().n() + " " + what + ": " + verdict;
    }

    /**
     * Where {@code arm} is worse than the first arm beyond noise, for {@code --fail-if-worse}: its capacity, or its p99 at
     * a common rate, judged as {@link Difference} judges them (worse beyond 5%, the whole 99% interval), or a result of it
     * {@code failed} where the first arm's was ok; one line each, empty when it is not worse.
     */
    public static List<String> worse(List<Result> results, String arm) {
        List<String> reasons = new ArrayList<>();
        Map<String, List<Result>> byUrl = new LinkedHashMap<>();
        results.stream().filter(r -> r.section(Arm.SECTION).isPresent())
                .forEach(r -> byUrl.computeIfAbsent(String.valueOf(r.params().get("url")), u -> new ArrayList<>()).add(r));
        byUrl.forEach((url, rs) -> {
            Map<String, Result> first = new LinkedHashMap<>();
            for (Result r : rs) {
                String key = r.model();
                if (!first.containsKey(key)) {
                    first.put(key, r);
                    continue;
                }
                if (!arm(r).equals(arm)) {
                    continue;
                }
                Result base = first.get(key);
                String metric = r.model().equals("open:" + LoadScenario.MAX) ? LoadMetrics.MAX_RATE_PER_S.name()
                        : LoadMetrics.RUN_LATENCY.named("p99");
                // failed, not invalid: an invalid run is the generator's, not the arm's
                if (base.ok() && r.status() == Status.FAILED) {
                    reasons.add(url + " " + r.model() + ": " + arm + " " + r.status().json() + " where " + arm(base) + " was ok");
                    continue;
                }
                Summary b = Metrics.summary(base, metric);
                Summary c = Metrics.summary(r, metric);
                if (Difference.unavailable(b, c, metric).isEmpty()
                        && Difference.of(b, c, metric, Difference.DEFAULT_THRESHOLD_PCT).verdict() == Difference.Verdict.SLOWER) {
                    reasons.add(url + " " + r.model() + ": " + arm + " " + difference(base, r, metric,
                            metric.equals(LoadMetrics.MAX_RATE_PER_S.name()) ? "searches" : "turns"));
                }
            }
        });
        return reasons;
    }

    /** What stopped each arm, in its words, and the setting that moves it ({@link AssessLimits}). */
    private static String limits(Map<String, Result> searches, Set<String> boundedThreads) {
        String metric = LoadMetrics.MAX_RATE_PER_S.name();
        // the target each arm is sized for: at least the best arm's capacity
        double best = searches.values().stream().filter(r -> r.metrics().get(metric) != null)
                .mapToDouble(r -> Metrics.summary(r, metric).median()).max().orElse(0);
        List<String> parts = new ArrayList<>();
        searches.forEach((arm, r) -> parts.add(arm + ": " + r.section(KneeCause.SECTION).map(KneeCause::line)
                .orElse(r.ok() ? "not named" : "not measured")
                + AssessLimits.advice(r, best, boundedThreads.contains(arm)).map(a -> " → " + a).orElse("")));
        return String.join("; ", parts);
    }

    /** Each arm's peak platform threads, peak resident set and CPU (medians over its turns), where recorded. */
    private static String memory(Map<String, Result> byArm) {
        List<String> parts = new ArrayList<>();
        byArm.forEach((arm, r) -> {
            List<String> figures = new ArrayList<>();
            median(r, ServerMetrics.SERVER_THREADS_PEAK.name()).ifPresent(v -> figures.add(Slo.figure(v) + " platform threads"));
            median(r, ServerMetrics.SERVER_PEAK_RSS_MB.name()).ifPresent(v -> figures.add(Slo.figure(v) + " MB resident"));
            median(r, ServerMetrics.SERVER_CPU_PCT.name()).ifPresent(v -> figures.add("CPU " + Slo.figure(v) + "%"));
            median(r, ServerMetrics.SERVER_GC_PAUSE_MS.name()).ifPresent(v -> figures.add("GC pauses " + Slo.figure(v) + " ms"));
            parts.add(arm + " " + (figures.isEmpty() ? "not recorded" : String.join(", ", figures)));
        });
        return String.join("; ", parts) + " (peaks over each measured span, medians of the turns)";
    }

    /**
     * Each arm's pinned virtual threads: events and time a turn, and the first frame of the service's own code on the
     * commonest stack, with the fix; {@code none} where nothing pinned.
     */
    private static String pinning(Map<String, Result> searches, Map<String, Result> byArm) {
        List<String> parts = new ArrayList<>();
        boolean pinned = false;
        Set<String> arms = new java.util.LinkedHashSet<>(searches.keySet());
        arms.addAll(byArm.keySet());
        for (String arm : arms) {
            Result r = byArm.get(arm);
            Optional<Double> events = r == null ? Optional.empty() : median(r, Metric.PINNED_EVENTS.name());
            if (events.isPresent()) {
                pinned |= events.get() > 0;
                parts.add(arm + (events.get() == 0 ? " none" : " " + Fmt.num(events.get()) + " a turn, "
                        + Fmt.num(median(r, Metric.PINNED_TIME_MS.name()).orElse(0.0)) + " ms" + where(r)));
                continue;
            }
            // no common rate for it (its search found none): what pinned during its search, every step
            Optional<List<PinnedStack>> during = Optional.ofNullable(searches.get(arm)).flatMap(s -> s.section(PinnedStacks.SECTION));
            if (during.isEmpty()) {
                parts.add(arm + " not recorded");
                continue;
            }
            long n = during.get().stream().mapToLong(PinnedStack::events).sum();
            pinned |= n > 0;
            parts.add(arm + (n == 0 ? " none during its search" : " " + n + " during its search (top stacks)"
                    + where(searches.get(arm))));
        }
        return String.join("; ", parts) + (pinned ? " → a carrier held while blocked: replace synchronized there by a"
                + " ReentrantLock, move the blocking call out of it, or run on JDK 24 or later (JEP 491)" : "");
    }

    /** {@code  at Class.method:line}: the service's own frame on {@code r}'s commonest pinned stack; empty when none. */
    private static String where(Result r) {
        return r.section(PinnedStacks.SECTION).filter(s -> !s.isEmpty()).map(s -> s.getFirst())
                .map(top -> UserFirstStack.of(top.frames()).user())
                .map(user -> user.isEmpty() ? "" : " at " + user.getFirst())
                .orElse("");
    }

    private static Optional<Double> median(Result r, String metric) {
        return r.metrics().get(metric) == null ? Optional.empty() : Optional.of(Metrics.summary(r, metric).median());
    }

    private static String arm(Result r) {
        return r.section(Arm.SECTION).map(Arm::name).orElse(String.valueOf(r.params().get(Arm.PARAM)));
    }

    private static double rate(Result r) {
        Object rate = r.params().get("rate");
        return rate instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(rate));
    }
}
