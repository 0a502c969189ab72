package dev.loomlab.report.html;

import dev.loomlab.report.AssessAnswer;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.advise.Advice;
import dev.loomlab.report.advise.Verdict;
import dev.loomlab.report.ArticlesCited;
import dev.loomlab.report.analysis.Jdks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report.html}: the environment, the advice, per scenario its charts and table, and every result
 * that is not ok with its reason — one self-contained file (see {@link HtmlPage}), readable in light and
 * dark, printable.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    /** @param environment the contents of summary.json */
    public static String render(List<Result> results, Map<String, Object> environment, List<Advice> advice) {
        ChartSet charts = new ChartSet();
        Map<String, List<Result>> byScenario = new LinkedHashMap<>();
        results.forEach(r -> byScenario.computeIfAbsent(r.scenario(), k -> new ArrayList<>()).add(r));
        StringBuilder body = new StringBuilder();
        body.append("<header>\n<h1>loomlab results</h1>\n<p class=\"lede\">").append(Html.esc(counts(results)));
        Object command = environment.get("command");
        if (command != null) {
            body.append(" · <code>").append(Html.esc(command)).append("</code>");
        }
        Object started = environment.get("started");
        if (started != null) {
            body.append(" · ").append(Html.esc(started));
        }
        List<String> answer = AssessAnswer.lines(results);
        body.append("</p>\n<nav>").append(answer.isEmpty() ? "" : "<a href=\"#assessment\">Assessment</a> ")
                .append("<a href=\"#environment\">Environment</a> <a href=\"#advice\">Advice</a>");
        byScenario.keySet().forEach(s -> body.append(" <a href=\"#scenario-").append(Html.id(s)).append("\">")
                .append(Html.esc(s)).append("</a>"));
        if (results.stream().anyMatch(r -> !r.section(ResultProfile.SECTION).isEmpty())) {
            body.append(" <a href=\"#profiles\">Profiles</a>");
        }
        body.append(" <a href=\"#not-ok\">Not ok</a> <a href=\"#reading\">Reading this report</a></nav>\n</header>\n<main>\n");
        body.append(assessment(answer));
        body.append(environment(environment));
        body.append(advice(advice));
        byScenario.forEach((scenario, rs) -> body.append(ScenarioSection.render(scenario, rs,
                advice.stream().filter(a -> a.scenario().equals(scenario)).toList(), charts)));
        body.append(ProfilesSection.render(results));
        body.append(notOk(results));
        body.append(reading(results));
        body.append("</main>\n");
        return HtmlPage.render("loomlab results", body.toString(), charts);
    }

    /** An assessment's answer, drawn first: a heading per URL, its lines as a list; empty without one. */
    private static String assessment(List<String> answer) {
        if (answer.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<section id=\"assessment\">\n<h2>Assessment</h2>\n");
        boolean open = false;
        for (String line : answer) {
            if (line.startsWith("Answer for ")) {
                sb.append(open ? "</ul>\n" : "").append("<h3>").append(Html.esc(line.substring("Answer for ".length())))
                        .append("</h3>\n<ul>\n");
                open = true;
            } else if (line.startsWith("- ")) {
                sb.append("<li>").append(Html.esc(line.substring(2))).append("</li>\n");
            }
        }
        return sb.append(open ? "</ul>\n" : "").append("</section>\n").toString();
    }

    private static String counts(List<Result> results) {
        Map<String, Integer> byStatus = new LinkedHashMap<>();
        results.forEach(r -> byStatus.merge(r.status().json().replace('_', ' '), 1, Integer::sum));
        StringBuilder sb = new StringBuilder(results.size() + (results.size() == 1 ? " result" : " results"));
        byStatus.forEach((s, n) -> sb.append(", ").append(n).append(' ').append(s));
        List<String> jdks = results.stream().map(Jdks::feature).distinct().toList();
        if (!jdks.isEmpty()) {
            sb.append(" · Java ").append(String.join(", ", jdks));
        }
        return sb.toString();
    }

    /**
     * summary.json as a table of fact | value: the run's own facts first, then the doctor's checks of the machine, one
     * row each with its status, then the facts the doctor read, nested names joined with {@code ›}.
     */
    private static String environment(Map<String, Object> environment) {
        StringBuilder sb = new StringBuilder("<section id=\"environment\">\n<h2>Environment</h2>\n");
        if (environment.isEmpty()) {
            return sb.append("<p class=\"note\">No summary.json in this folder.</p>\n</section>\n").toString();
        }
        sb.append("<div class=\"table\"><table class=\"env\">\n<thead><tr><th>fact</th><th>value</th></tr></thead>\n<tbody>\n");
        Map<String, Object> machine = Map.of();
        for (Map.Entry<String, Object> e : environment.entrySet()) {
            if (e.getKey().equals("machine") && e.getValue() instanceof Map<?, ?> m) {
                machine = strings(m);
            } else {
                rows(sb, e.getKey(), e.getValue());
            }
        }
        sb.append("</tbody>\n");
        if (machine.get("checks") instanceof Map<?, ?> checks && !checks.isEmpty()) {
            sb.append("<tbody>\n<tr><th colspan=\"2\">checks of this machine (loomlab doctor)</th></tr>\n");
            checks.forEach((name, status) -> sb.append("<tr><td>").append(Html.esc(name)).append("</td><td><span class=\"check ")
                    .append(Html.esc(Html.id(String.valueOf(status)))).append("\">").append(Html.esc(status)).append("</span></td></tr>\n"));
            sb.append("</tbody>\n");
        }
        Map<String, Object> rest = new LinkedHashMap<>(machine);
        rest.remove("checks");
        Object facts = rest.remove("facts");
        if (facts != null || !rest.isEmpty()) {
            sb.append("<tbody>\n<tr><th colspan=\"2\">facts the checks read</th></tr>\n");
            if (facts instanceof Map<?, ?> f) {
                strings(f).forEach((k, v) -> rows(sb, k, v));
            } else if (facts != null) {
                rows(sb, "facts", facts);
            }
            rest.forEach((k, v) -> rows(sb, k, v));
            sb.append("</tbody>\n");
        }
        return sb.append("</table></div>\n</section>\n").toString();
    }

    /** A fact as rows: a map as one row per entry ({@code cpu › available_processors}), anything else as one row. */
    private static void rows(StringBuilder sb, String name, Object v) {
        if (v instanceof Map<?, ?> m && !m.isEmpty()) {
            strings(m).forEach((k, x) -> rows(sb, name + " › " + k, x));
            return;
        }
        // A count as people read it (24,105 MB; 25,276,059,648 bytes); small numbers and lists (ports) as they are.
        String cell = (v instanceof Long || v instanceof Integer) && Math.abs(((Number) v).longValue()) >= 10_000
                ? String.format(java.util.Locale.ROOT, "%,d", ((Number) v).longValue()) : value(v);
        sb.append("<tr><td>").append(Html.esc(name)).append("</td><td>").append(cell).append("</td></tr>\n");
    }

    private static Map<String, Object> strings(Map<?, ?> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    /**
     * A value in one cell: a list one item a line (a list of maps, as the JDKs are, each item's values joined with
     * {@code ·}), a number or text as it is, null as a dash.
     */
    private static String value(Object v) {
        if (v instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder();
            m.values().forEach(x -> sb.append(sb.isEmpty() ? "" : " · ").append(x instanceof Map<?, ?> || x instanceof List<?>
                    ? value(x) : x == null ? "—" : Html.esc(x)));
            return sb.toString();
        }
        if (v instanceof List<?> l) {
            if (l.stream().noneMatch(x -> x instanceof Map<?, ?> || x instanceof List<?>)) {
                return Html.esc(String.join(", ", l.stream().map(String::valueOf).toList()));
            }
            StringBuilder sb = new StringBuilder();
            l.forEach(x -> sb.append(sb.isEmpty() ? "" : "<br>").append(value(x)));
            return sb.toString();
        }
        return v == null ? "—" : Html.esc(v);
    }

    /** The recommendations alone, each linking to its scenario, where the figures it rests on are listed. */
    private static String advice(List<Advice> advice) {
        StringBuilder sb = new StringBuilder("<section id=\"advice\">\n<h2>Advice</h2>\n");
        if (advice.isEmpty()) {
            return sb.append("<p class=\"note\">No advice: no result was measured ok, and nothing failed.</p>\n</section>\n").toString();
        }
        sb.append("<p class=\"note\">From the measured results only: one verdict per experiment; each scenario's ")
                .append("section lists the figures every recommendation rests on.</p>\n")
                .append("<table class=\"verdicts\">\n<thead><tr><th>experiment</th><th>verdict</th></tr></thead>\n<tbody>\n");
        List<Verdict> verdicts = Verdict.of(advice);
        for (Verdict v : verdicts) {
            sb.append("<tr><td><a href=\"#scenario-").append(Html.id(v.scenario())).append("\">").append(Html.esc(v.scope()))
                    .append("</a></td><td>").append(Html.esc(v.headline().recommendation())).append("</td></tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
        int more = verdicts.stream().mapToInt(v -> v.more().size()).sum();
        if (more > 0) {
            sb.append("<details><summary>").append(more).append(more == 1 ? " more recommendation" : " more recommendations")
                    .append("</summary>\n<ul class=\"advice\">\n");
            for (Verdict v : verdicts) {
                for (Advice a : v.more()) {
                    sb.append("<li><span class=\"topic\">").append(Html.esc(a.topic())).append("</span> <a href=\"#scenario-")
                            .append(Html.id(a.scenario())).append("\">").append(Html.esc(a.scope())).append("</a>: ")
                            .append(Html.esc(a.recommendation())).append("</li>\n");
                }
            }
            sb.append("</ul>\n</details>\n");
        }
        return sb.append("</section>\n").toString();
    }

    /** Recommendations with the figures they rest on, grouped by experiment. */
    static String adviceWithEvidence(List<Advice> advice) {
        StringBuilder sb = new StringBuilder();
        String scope = null;
        for (Advice a : advice) {
            if (!a.scope().equals(scope)) {
                sb.append(scope == null ? "" : "</ul>\n").append("<h4>").append(Html.esc(a.scope())).append("</h4>\n<ul class=\"advice\">\n");
                scope = a.scope();
            }
            sb.append("<li><span class=\"topic\">").append(Html.esc(a.topic())).append("</span> ")
                    .append(Html.esc(a.recommendation())).append("<details><summary>the figures</summary><ul class=\"evidence\">");
            a.evidence().forEach(ev -> sb.append("<li>").append(Html.esc(ev)).append("</li>"));
            sb.append("</ul></details></li>\n");
        }
        return scope == null ? "" : sb.append("</ul>\n").toString();
    }

    private static String notOk(List<Result> results) {
        StringBuilder sb = new StringBuilder("<section id=\"not-ok\">\n<h2>Not ok</h2>\n");
        List<Result> bad = results.stream().filter(r -> !r.ok()).toList();
        List<String> breached = dev.loomlab.report.SloBreaches.lines(results);
        if (!breached.isEmpty()) {
            sb.append("<p>Measured, but the service level objective was breached (each term missed, with its figure):</p>")
                    .append("<ul class=\"slo-breaches\">");
            breached.forEach(line -> sb.append("<li><strong>SLO breached</strong> <code>").append(Html.esc(line))
                    .append("</code></li>"));
            sb.append("</ul>\n");
        }
        List<String> threw = dev.loomlab.report.CallFailures.lines(results);
        if (!threw.isEmpty()) {
            sb.append("<p>Measured although some calls threw (counted; the iterations went on; stacks in the trial logs):</p><ul>");
            threw.forEach(line -> sb.append("<li><code>").append(Html.esc(line)).append("</code></li>"));
            sb.append("</ul>\n");
        }
        if (bad.isEmpty()) {
            return sb.append("<p class=\"note\">Every result was measured ok.</p>\n</section>\n").toString();
        }
        sb.append("<div class=\"table\"><table><thead><tr><th>status</th><th>scenario</th><th>model</th><th>params</th>")
                .append("<th>jdk</th><th>reason</th><th>logs</th></tr></thead><tbody>\n");
        for (Result r : bad) {
            sb.append("<tr class=\"").append(Html.esc(r.status().json())).append("\"><td>").append(Html.esc(r.status().json().replace('_', ' ')))
                    .append("</td><td>").append(Html.esc(r.scenario())).append("</td><td>").append(Html.esc(r.model()))
                    .append("</td><td>").append(Html.esc(Fmt.params(r.params()))).append("</td><td>")
                    .append(Html.esc(Jdks.feature(r))).append("</td><td>").append(Html.esc(Fmt.firstLine(r.error())));
            if (r.error() != null && r.error().contains("\n")) {
                sb.append("<details><summary>full reason</summary><pre>").append(Html.esc(r.error())).append("</pre></details>");
            }
            sb.append("</td><td>");
            if (r.logs() != null) {
                r.logs().forEach(l -> sb.append("<a href=\"").append(Html.esc(l)).append("\">").append(Html.esc(l)).append("</a> "));
            }
            sb.append("</td></tr>\n");
        }
        return sb.append("</tbody></table></div>\n</section>\n").toString();
    }

    private static String reading(List<Result> results) {
        StringBuilder articles = new StringBuilder();
        ArticlesCited.of(results).forEach((key, title) -> articles.append(articles.isEmpty() ? "" : "; ")
                .append('[').append(Html.esc(key)).append("] ").append(Html.esc(title)));
        String cited = articles.isEmpty() ? "" : "<li>Articles cited: " + articles + " — each described, with its hardware, "
                + "figures and the scenarios that reproduce it, in " + ArticlesCited.page()
                .map(p -> "<a href=\"" + Html.esc(p.toUri().toString()) + "\">docs/articles.md</a>")
                .orElse("loomlab's docs/articles.md") + ".</li>\n";
        return readingText().replace("<ul>\n", "<ul>\n" + cited);
    }

    private static String readingText() {
        return """
                <section id="reading">
                <h2>Reading this report</h2>
                <ul>
                <li>Each bar (and each point of a curve) is a result's mean over every measured iteration of every fork; \
                the whisker is the 99.9% confidence interval of that mean (Student t), drawn to the axis where it reaches \
                below it. Three iterations give wide intervals; with fewer than three there is none, and the bar is \
                labelled n&lt;3. The median is in the tooltip, as a description only.</li>
                <li>A whisker describes one mean alone: whether one result is faster than another is not read from \
                overlapping whiskers but, as this report's advice and <code>loomlab compare</code> judge it, from the ratio \
                of their iterations with its exact 99% interval (at least five samples a side).</li>
                <li>The dashed dash across a bar is its bound, the best time physics allows; efficiency = bound / mean.</li>
                <li>Grey bars and dotted curves are the article's published figures, measured on the article's hardware: \
                compare ratios, not times.</li>
                <li>A sweep (one parameter or a pool size at three or more values, all else equal) is drawn as curves; \
                the knee is the point farthest from the straight line between the curve's ends, both axes scaled to [0, 1].</li>
                <li>Latency plots show task latency (submit to done) against percentile from each result's HdrHistogram, \
                the percentile axis stretched towards the tail.</li>
                <li>Axes spanning more than 30× are logarithmic.</li>
                <li>Threads, heap and CPU are measured as peaks and totals per iteration, not as a series over time, \
                so this report draws no time series.</li>
                </ul>
                <p class="note">Charts drawn by Apache ECharts VERSION (Apache License 2.0), inlined in this file.</p>
                </section>
                """.replace("VERSION", Assets.echartsVersion());
    }
}
