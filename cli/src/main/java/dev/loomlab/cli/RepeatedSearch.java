package dev.loomlab.cli;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.capacity.GeneratorCeiling;
import dev.loomlab.load.capacity.SearchPlan;
import dev.loomlab.load.engines.LoadEngines;
import dev.loomlab.load.service.Service;
import dev.loomlab.load.session.LoadSession;
import dev.loomlab.report.CapacityText;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * N capacity searches of one URL, one after the other, as {@code load --find-max --repeat N} and each arm of
 * {@code assess} run them: the target given time to recover between searches, the generator's ceiling measured once a
 * step needs it, and every step told on stderr as it starts and as it is judged, each line starting with
 * {@code prefix}.
 */
final class RepeatedSearch {
    private final URI url;
    private final String expect;
    private final SearchPlan plan;
    private final int searches;
    private final String prefix;
    private final PrintStream err;
    private int current = 1;

    /**
     * @param expect   the body a 2xx answer must carry; null: any
     * @param searches how many searches, at least 1
     * @param prefix   what starts each line, e.g. {@code loomlab load}
     */
    RepeatedSearch(URI url, String expect, SearchPlan plan, int searches, String prefix, PrintStream err) {
        this.url = url;
        this.expect = expect;
        this.plan = plan;
        this.searches = searches;
        this.prefix = prefix;
        this.err = err;
    }

    /** A session on loomlab's own engine that tells this search's events. */
    LoadSession session() {
        return new LoadSession(LoadEngines.named(LoadEngines.LOOMLAB), events());
    }

    /**
     * Runs the searches on {@code session} ({@link #session}), at most {@code pool} connections a step (null: sized by the
     * objective), each load's progress to the listener {@code loads} makes for it, reading {@code service} over each step;
     * null when the generator's ceiling could not be measured (a machine too busy to measure on). Each repeat measures
     * its steps as a single search does: a shorter span passes rates a longer one fails
     * ({@link SearchPlan#DEFAULT_SHORTEST_STEP}), a bias that repeating would not average away.
     */
    List<CapacitySearcher.Found> run(LoadSession session, Integer pool, IntFunction<Consumer<LoadProgress>> loads,
                                     boolean latencies, Service service) throws InterruptedException {
        err.println(prefix + ": searching " + url + " for the highest rate that meets " + plan.slo().spec() + " (from "
                + Slo.figure(plan.startRatePerS()) + "/s, precision " + Slo.figure(100 * plan.precision()) + "%)");
        CapacitySearcher.Ceiling ceiling = session.ceilingWhenNeeded();
        List<CapacitySearcher.Found> found = new ArrayList<>();
        for (int k = 1; k <= searches; k++) {
            if (k > 1) {
                session.recover(plan, url);
            }
            current = k;
            if (searches > 1) {
                err.println(prefix + ": search " + label() + " from " + Slo.figure(plan.startRatePerS()) + "/s");
            }
            CapacitySearcher.Found f;
            try {
                f = session.search(plan, url, pool, expect, ceiling, loads, latencies, service);
            } catch (GeneratorCeiling.Unmeasured e) {
                err.println(prefix + ": " + e.getMessage() + " to measure a capacity on");
                return null;
            }
            found.add(f);
            if (searches > 1) {
                err.println(prefix + ": search " + label() + ": " + CapacityText.answer(f.search()));
                if (f.search().kneeCause() != null) {
                    err.println(prefix + ": search " + label() + " knee: " + f.search().kneeCause().line());
                }
            }
        }
        return found;
    }

    private String label() {
        return current + "/" + searches;
    }

    /** {@code step 3} for a single search, {@code search 2/5 step 3} for repeated ones. */
    private String step(int n) {
        return (searches > 1 ? "search " + label() + " " : "") + "step " + n;
    }

    /**
     * What a search says on stderr as it goes: each step as it starts and as it is judged, the waits for the target to
     * recover, and the generator's ceiling, measured against a server that does nothing when a step first wants 5,000/s
     * or more.
     */
    private LoadSession.Events events() {
        return new LoadSession.Events() {
            @Override
            public void measuringCeiling() {
                err.println(prefix + ": measuring the generator's own ceiling against a server that does nothing ("
                        + GeneratorCeiling.OBJECTIVE.spec() + ", keeping up) …");
            }

            @Override
            public void ceilingStep(CapacityStep step) {
                err.println(prefix + ":   ceiling " + line(step));
            }

            @Override
            public void ceiling(CapacitySearch ceiling) {
                if (ceiling.found()) {
                    err.println(prefix + ": generator ceiling " + Slo.figure(ceiling.maxRatePerS()) + "/s: no step offers more");
                }
            }

            @Override
            public void step(int n, LoadSpec spec) {
                err.println(prefix + ": " + RepeatedSearch.this.step(n) + ": " + Slo.figure(spec.rate()) + "/s for "
                        + spec.warmup().toMillis() / 1000.0 + " s + " + spec.duration().toMillis() / 1000.0 + " s measured, up to "
                        + String.format(Locale.ROOT, "%,d", spec.connections()) + " connections");
            }

            @Override
            public void judged(int n, CapacityStep step) {
                err.println(prefix + ": " + RepeatedSearch.this.step(n) + ": " + line(step));
            }

            @Override
            public void recovering() {
                err.println(prefix + ": waiting for " + url + " to answer within " + plan.recoveryLimit().toMillis()
                        + " ms again before the next step …");
            }

            @Override
            public void recovered(Duration waited) {
                err.println(prefix + ": " + (waited == null ? "it did not within " + plan.recoveryPatience().toSeconds()
                        + " s; the next step runs anyway" : "recovered after " + Slo.figure(waited.toMillis() / 1000.0) + " s"));
            }
        };
    }

    /** One step as a line: rate, verdict, figures, and the reasons it failed. */
    static String line(CapacityStep s) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s/s %s — %s/s answered, %s errors",
                Slo.figure(s.ratePerS()), s.passed() ? "passed" : s.judged() ? "failed" : "invalid", Slo.figure(s.throughputPerS()),
                Slo.figure(s.errorsPct()) + "%"));
        if (s.p99Ms() != null) {
            sb.append(", p50 ").append(Slo.figure(s.p50Ms())).append(" ms, p99 ").append(Slo.figure(s.p99Ms())).append(" ms");
        }
        if (!s.reasons().isEmpty()) {
            sb.append(" (").append(String.join("; ", s.reasons())).append(')');
        }
        if (s.marginal()) {
            sb.append(" [within noise]");
        }
        if (!s.judged()) {
            sb.append(" [invalid: ").append(s.invalid()).append(']');
        }
        if (s.service() != null && !s.service().line().isEmpty()) {
            sb.append("; service: ").append(s.service().line());
        }
        return sb.toString();
    }
}
