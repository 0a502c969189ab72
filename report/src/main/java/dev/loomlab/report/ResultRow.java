package dev.loomlab.report;

import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.core.fanout.FanoutWorkload;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.workload.FailedCalls;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.cpu.CpuSides;
import dev.loomlab.core.outcome.JavaVersion;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Score;

import java.util.List;

/**
 * The headline figures of one result as text cells, shared by the console table, report.md and
 * report.html: the score ({@link Score}: the wall time for most scenarios, its metric named otherwise) as
 * its mean ± the half-width of the 99.9% CI of the mean ({@code (n<3)} instead where there are too few
 * samples for one), bound, efficiency (bound / mean), p99 task latency, then CPU, RSS and threads of the
 * process under test (the server for web and echo, else the trial JVM) as medians per iteration, the
 * article's figure, and notes (whether the result met its SLO first, {@code SLO BREACHED} in capitals to stand
 * out in a plain table; the breaches themselves are listed by {@link SloBreaches}).
 */
public final class ResultRow {
    public static final List<String> HEADER = List.of("scenario", "model", "params", "jdk", "status",
            "score (mean ± 99.9% ci)", "bound ms", "eff", "p99 task ms", "cpu %", "rss MB", "threads", "published ms", "notes");

    /** Workload figures worth a glance, shown in the notes cell when a result has them: metric → label. */
    private static final java.util.Map<MetricKey, String> NOTES = notes();

    private ResultRow() {
    }

    public static List<String> cells(Result r) {
        String jdk = r.jvm() == null ? "?" : featureOf(r.jvm().version());
        String status = r.forks() == 0 && r.ok() ? "ok (in-process)" : r.status().json();
        String published = r.published() == null || r.published().wallMs() == null ? ""
                : Fmt.num(r.published().wallMs()) + " [" + r.published().article() + "]";
        if (!r.ok()) {
            return List.of(r.scenario(), r.model(), Fmt.params(r.params()), jdk, status, "—", Fmt.num(r.boundMs()),
                    "", "", "", "", "", published, "");
        }
        String score = Score.metric(r);
        // The score's unit beside it unless it is the wall time, which most rows have.
        String wallText = Fmt.meanCi(summary(r, score)) + (score.equals(Metric.WALL_MS.name()) ? " ms" : " " + score);
        // A server under test (web, echo) is what the CPU, RSS and threads columns describe; the load side's
        // own figures go to the notes, labelled.
        boolean underTest = Metrics.serverUnderTest(r);
        Object lat = r.metrics().get(Metric.TASK_LATENCY_MS.name());
        String p99 = lat instanceof LatencySummary l ? Fmt.num(l.p99()) : "n/a";
        return List.of(r.scenario(), r.model(), Fmt.params(r.params()), jdk, status, wallText, Fmt.num(r.boundMs()),
                r.efficiency() == null ? "n/a" : String.format(java.util.Locale.ROOT, "%.2f", r.efficiency()),
                p99, median(r, underTest ? ServerMetrics.SERVER_CPU_PCT : Metric.CPU_UTIL_PCT),
                median(r, underTest ? ServerMetrics.SERVER_PEAK_RSS_MB : Metric.PEAK_RSS_MB),
                count(r, underTest ? ServerMetrics.SERVER_THREADS_PEAK : Metric.THREADS_PEAK), published, notes(r, underTest));
    }

    private static java.util.Map<MetricKey, String> notes() {
        java.util.Map<MetricKey, String> m = new java.util.LinkedHashMap<>();
        m.put(FanoutWorkload.PROFILES_FAILED, "failed");
        m.put(ServerMetrics.REQUEST_ERRORS, "errors");
        m.put(ServerMetrics.CONNECTIONS_OPENED, "connections");
        m.put(ServerMetrics.SERVER_OPEN_PEAK, "held");
        m.put(ServerMetrics.SERVER_CARRIERS, "server carriers");
        m.put(ServerMetrics.SERVER_THREAD_LIMIT, "thread limit");
        m.put(FailedCalls.METRIC, "failed calls");
        // a load engine in a JVM of its own (JMeter): its own footprint, beside the load side's
        m.put(LoadMetrics.ENGINE_CPU_PCT, "engine JVM cpu %");
        m.put(LoadMetrics.ENGINE_PEAK_RSS_MB, "rss MB");
        m.put(LoadMetrics.ENGINE_THREADS_PEAK, "threads");
        return m;
    }

    /**
     * e.g. "errors 0, server carriers 2" (medians), whether a load's generator and service shared CPUs ({@link CpuSides}),
     * an article figure of another metric, for a server under
     * test the load side's own CPU, RSS and threads, and the GC line ({@link GcNote}; the server's for a server under test).
     */
    private static String notes(Result r, boolean underTest) {
        java.util.StringJoiner out = new java.util.StringJoiner(", ");
        String engine = engine(r);
        if (engine != null) {
            out.add(engine);
        }
        // a load's two sides on the same CPUs: each one's pauses and work are the other's
        CpuSides.note(r.params()).ifPresent(out::add);
        if (underTest) {
            out.add("load side: cpu % " + median(r, Metric.CPU_UTIL_PCT) + ", rss MB " + median(r, Metric.PEAK_RSS_MB)
                    + ", threads " + count(r, Metric.THREADS_PEAK));
        }
        if (r.published() != null && r.published().wallMs() == null) {
            out.add("published " + JmhTable.published(r));
        }
        r.section(SloVerdict.SECTION).ifPresent(slo -> out.add(slo.met() ? "SLO met" : "SLO BREACHED"));
        String term = BoundTerm.of(r);
        if (term != null) {
            out.add(term);
        }
        NOTES.forEach((metric, label) -> {
            Summary s = summary(r, metric.name());
            if (s != null) {
                out.add(label + " " + String.format(java.util.Locale.ROOT, "%,.0f", s.median()));
            }
        });
        String gc = GcNote.of(r);
        if (gc != null) {
            // A server under test's pauses are its own, read from its GC log.
            out.add(underTest ? "server " + gc : gc);
        }
        return out.toString();
    }

    /**
     * The load engine when it is not loomlab's own generator: {@code engine jmeter 5.6.3 (latency from the actual send)}, with
     * {@code on 2 remote engines (5,321 + 5,300 requests)}; a web result names it by its {@code engine} parameter.
     */
    static String engine(Result r) {
        if (r.section(LoadEngineInfo.SECTION).isPresent()) {
            var e = r.section(LoadEngineInfo.SECTION).get();
            String text = "engine " + e.name() + " " + e.version() + " (latency from the actual send)";
            if (!e.remotes().isEmpty()) {
                java.util.StringJoiner counts = new java.util.StringJoiner(" + ", " (", " requests)");
                e.remotes().forEach(remote -> counts.add(String.format(java.util.Locale.ROOT, "%,d", remote.requests())));
                text += " on " + e.remotes().size() + " remote engines" + counts;
            }
            return text;
        }
        Object param = r.params().get("engine");
        return param != null && !"loomlab".equals(param.toString()) ? "engine " + param + " (latency from the actual send)" : null;
    }

    static Summary summary(Result r, String metric) {
        return r.metrics().get(metric) instanceof Summary s ? s : null;
    }

    private static String median(Result r, MetricKey metric) {
        Summary s = summary(r, metric.name());
        return s == null ? "n/a" : Fmt.num(s.median());
    }

    private static String count(Result r, MetricKey metric) {
        Summary s = summary(r, metric.name());
        return s == null ? "n/a" : String.format(java.util.Locale.ROOT, "%,.0f", s.median());
    }

    /** The feature release of a Java version: {@code 21} of {@code 21.0.8+9-LTS}. */
    static String featureOf(String version) {
        return JavaVersion.featureOf(version);
    }
}
