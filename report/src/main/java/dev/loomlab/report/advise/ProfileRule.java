package dev.loomlab.report.advise;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Result;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.report.analysis.Experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the measured time went, from the profiles of {@code run --prof}: for each profiled model, the frame
 * that was on top of the most samples with its share, and the virtual-thread view's verdict of a JFR
 * recording. Silent on an experiment without profiles.
 */
final class ProfileRule implements AdviceRule {
    static final String TOPIC = "profile";

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        List<String> evidence = new ArrayList<>();
        String headline = null;
        for (Result r : e.ok()) {
            for (ResultProfile p : r.section(ResultProfile.SECTION)) {
                String who = r.model() + (p.process() == null ? "" : " (" + p.process() + ")") + ", " + p.profiler()
                        + (r.forks() > 1 ? " fork " + p.fork() : "");
                String top = topFrame(p.topFrames());
                if (top != null) {
                    evidence.add(who + ": " + top);
                    if (headline == null) {
                        headline = r.model() + (p.process() == null ? "" : " (" + p.process() + ")") + " spends " + top;
                    }
                }
                if (p.verdict() != null) {
                    evidence.add(who + ": " + p.verdict());
                }
            }
        }
        if (evidence.isEmpty()) {
            return List.of();
        }
        String recommendation = "Where the measured time went (--prof; the flame graphs are linked in report.html)"
                + (headline == null ? "." : ": " + headline + ".");
        return List.of(new Advice(TOPIC, e.scenario(), e.label(), recommendation, evidence));
    }

    /** e.g. {@code 62% of 177 CPU samples in dev.loomlab.core.workload.CpuWorkload.leibnizPi (self)}; null without frames. */
    static String topFrame(JsonNode top) {
        if (top == null || !top.has("frames") || top.get("frames").isEmpty()) {
            return null;
        }
        JsonNode f = top.get("frames").get(0);
        return String.format(Locale.ROOT, "%.0f%% of %,d %s samples in %s (self)", f.path("self_pct").asDouble(),
                top.path("samples").asLong(), kind(top.path("kind").asText()), f.path("frame").asText());
    }

    private static String kind(String id) {
        return switch (id) {
            case "cpu" -> "CPU";
            case "wall" -> "wall-clock";
            case "alloc" -> "allocation";
            case "lock" -> "lock";
            default -> id;
        };
    }
}
