package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Result;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.report.text.Fmt;

import java.util.List;
import java.util.Locale;

/**
 * report.html's profiles ({@code run --prof}): per profiled result and fork, each profiler's flame graph
 * links (pages beside the recordings, offline like this report), the top frames by self samples as a table
 * so that two models compare on one page, the virtual-thread verdict, and why a profile is missing.
 */
final class ProfilesSection {
    /** Frames shown per profile. */
    static final int FRAMES = 5;

    private ProfilesSection() {
    }

    /** The section, or the empty string when no result was profiled. */
    static String render(List<Result> results) {
        List<Result> profiled = results.stream().filter(r -> !r.section(ResultProfile.SECTION).isEmpty()).toList();
        if (profiled.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<section id=\"profiles\">\n<h2>Profiles</h2>\n<p class=\"note\">")
                .append("Recorded over the measured iterations only (--prof). Self = the frame was on top of the sample;")
                .append(" total = anywhere on its stack.</p>\n");
        for (Result r : profiled) {
            sb.append("<h3>").append(Html.esc(r.scenario() + " " + r.model() + " " + Fmt.params(r.params()))).append("</h3>\n");
            for (ResultProfile p : r.section(ResultProfile.SECTION)) {
                sb.append("<p><strong>").append(Html.esc(p.profiler())).append("</strong>")
                        .append(p.process() == null ? "" : " of the " + Html.esc(p.process())).append(", fork ").append(p.fork());
                p.flameGraphs().forEach(f -> sb.append(" · <a href=\"").append(Html.esc(f)).append("\">flame graph</a>"));
                p.files().forEach(f -> sb.append(" · <a href=\"").append(Html.esc(f)).append("\">recording</a>"));
                if (p.error() != null) {
                    sb.append(" · <strong>profile missing</strong>: ").append(Html.esc(p.error()));
                }
                if (p.note() != null) {
                    sb.append(" · <span class=\"note\">").append(Html.esc(p.note())).append("</span>");
                }
                if (p.verdict() != null) {
                    sb.append("<br>").append(Html.esc(p.verdict()));
                }
                sb.append("</p>\n");
                sb.append(frames(p.topFrames()));
                sb.append(virtualThreads(p.virtualThreads()));
            }
        }
        return sb.append("</section>\n").toString();
    }

    private static String frames(JsonNode top) {
        if (top == null || !top.has("frames") || top.get("frames").isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<div class=\"table\"><table><thead><tr><th>top frames (")
                .append(Html.esc(top.path("kind").asText())).append(", ").append(top.path("samples").asLong())
                .append(" samples)</th><th>self %</th><th>total %</th></tr></thead><tbody>\n");
        int n = 0;
        for (JsonNode f : top.get("frames")) {
            if (n++ == FRAMES) {
                break;
            }
            sb.append("<tr><td><code>").append(Html.esc(f.path("frame").asText())).append("</code></td><td>")
                    .append(pct(f.path("self_pct").asDouble())).append("</td><td>").append(pct(f.path("total_pct").asDouble()))
                    .append("</td></tr>\n");
        }
        return sb.append("</tbody></table></div>\n").toString();
    }

    /**
     * The virtual-thread view of a JFR recording: threads started and ended, pins, submit failures, the
     * recorded blocked time by reason, and what the carriers did.
     */
    private static String virtualThreads(JsonNode v) {
        if (v == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<div class=\"table\"><table><thead><tr><th colspan=\"2\">virtual threads (JFR, ")
                .append(ms(v.path("recording_ms").asDouble())).append(" recorded)</th></tr></thead><tbody>\n");
        row(sb, "started / ended", count(v.path("started")) + " / " + count(v.path("ended")));
        JsonNode pinned = v.path("pinned");
        row(sb, "pinned", count(pinned.path("events")) + " events, " + ms(pinned.path("time_ms").asDouble()) + " in all, longest "
                + ms(pinned.path("longest_ms").asDouble()));
        row(sb, "submit failures", count(v.path("submit_failures")));
        for (JsonNode b : v.path("blocked")) {
            row(sb, "blocked: " + b.path("reason").asText(), count(b.path("events")) + " waits, " + ms(b.path("time_ms").asDouble()));
        }
        for (JsonNode pool : v.path("pools")) {
            row(sb, "pool: " + pool.path("pool").asText(), count(pool.path("events")) + " waits, " + ms(pool.path("time_ms").asDouble()));
        }
        JsonNode c = v.path("carriers");
        row(sb, "carriers", count(c.path("idle_parks")) + " idle parks (" + ms(c.path("idle_ms").asDouble()) + "), "
                + count(c.path("mounted_samples")) + " CPU samples of mounted virtual threads"
                + (c.path("jvm_cpu_pct").isNumber() ? ", JVM CPU " + pct(c.path("jvm_cpu_pct").asDouble()) + "% of the machine" : ""));
        return sb.append("</tbody></table></div>\n").toString();
    }

    private static void row(StringBuilder sb, String what, String value) {
        sb.append("<tr><td>").append(Html.esc(what)).append("</td><td>").append(Html.esc(value)).append("</td></tr>\n");
    }

    private static String count(JsonNode n) {
        return String.format(Locale.ROOT, "%,d", n.asLong());
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%,.1f ms", v);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
