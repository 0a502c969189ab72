package dev.loomlab.report.advise;

import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Jdks;
import dev.loomlab.report.analysis.Metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Pinning found and how to remove it: fires when {@code pinned_events} (JFR {@code jdk.VirtualThreadPinned}
 * per iteration; {@code pinned_time_ms} cited where recorded) is above zero, and cites the same model and
 * parameters on another JDK where it was zero.
 */
final class PinningRule implements AdviceRule {
    private static final MetricKey EVENTS = Metric.PINNED_EVENTS;
    private static final MetricKey TIME = Metric.PINNED_TIME_MS;
    /** The first JDK on which {@code synchronized} no longer pins (JEP 491). */
    private static final int UNPINNED_SYNCHRONIZED = 24;

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        List<Result> pinned = e.ok().stream().filter(r -> Metrics.summary(r, EVENTS) != null && Metrics.median(r, EVENTS) > 0).toList();
        if (pinned.isEmpty()) {
            return List.of();
        }
        List<String> evidence = new ArrayList<>();
        for (Result r : pinned) {
            evidence.add(r.model() + " on Java " + Jdks.feature(r) + ": " + Figures.num(Metrics.median(r, EVENTS))
                    + " pinned events per iteration (median)"
                    + (Metrics.summary(r, TIME) != null ? ", " + Figures.num(Metrics.median(r, TIME)) + " ms pinned" : ""));
            for (Result other : all) {
                if (other.ok() && other != r && other.scenario().equals(r.scenario()) && other.model().equals(r.model())
                        && Fmt.params(other.params()).equals(Fmt.params(r.params()))
                        && !Jdks.feature(other).equals(Jdks.feature(r))
                        && Metrics.summary(other, EVENTS) != null && Metrics.median(other, EVENTS) == 0) {
                    evidence.add(other.model() + " on Java " + Jdks.feature(other) + ": 0 pinned events per iteration");
                }
            }
        }
        boolean oldJdk = pinned.stream().anyMatch(r -> feature(r) > 0 && feature(r) < UNPINNED_SYNCHRONIZED);
        String recommendation = String.join(", ", pinned.stream().map(Result::model).distinct().toList())
                + " pinned carrier threads: move blocking calls (I/O, sleep, waits) out of synchronized blocks or guard "
                + "them with java.util.concurrent.locks.ReentrantLock"
                + (oldJdk ? ", or run on JDK " + UNPINNED_SYNCHRONIZED + " or later, where synchronized no longer pins (JEP 491)"
                : "; on JDK " + UNPINNED_SYNCHRONIZED + "+ what still pins is a native frame or a class initialiser on the stack")
                + ".";
        Result first = pinned.get(0);
        String brief = String.join(", ", pinned.stream().map(Result::model).distinct().toList()) + " pinned carrier threads: "
                + Figures.num(Metrics.median(first, EVENTS)) + " pinned events per iteration"
                + (Metrics.summary(first, TIME) != null ? ", " + Figures.num(Metrics.median(first, TIME)) + " ms pinned" : "")
                + " (median" + (pinned.size() > 1 ? ", " + first.model() : "") + ")";
        return List.of(new Advice("pinning", e.scenario(), e.label(), recommendation, evidence, brief));
    }

    private static int feature(Result r) {
        try {
            return Integer.parseInt(Jdks.feature(r));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
