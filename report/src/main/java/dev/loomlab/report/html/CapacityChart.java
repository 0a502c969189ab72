package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.stats.MedianInterval;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacitySpread;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloTerm;
import dev.loomlab.report.CapacityText;
import dev.loomlab.report.text.Fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A capacity search's latency curve: each step's p50, p99 and any percentile the objective judges (ms, from the
 * intended send time) against the
 * offered rate, failing steps marked apart; the objective's latency limit as a horizontal line; the
 * sustainable rate, the first failing rate and — when the result has one — the bound as vertical lines; the knee's
 * cause under the title and as the label of the first failing rate's line (of the sustainable rate's, where nothing
 * failed). Repeated searches share one chart, a curve each ({@link #spec(String, List, Double)}), their knees counted
 * under the title.
 */
final class CapacityChart {
    private CapacityChart() {
    }

    /** @param boundPerS the rate physics allows (Little's law), or null */
    static ObjectNode spec(String title, CapacitySearch search, Double boundPerS) {
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", "capacity");
        spec.put("title", title);
        spec.put("xName", "offered rate (req/s)");
        spec.put("yName", "latency ms, from the intended send");
        List<CapacityStep> steps = search.steps().stream().sorted(Comparator.comparingDouble(CapacityStep::ratePerS)).toList();
        List<Double> ys = new ArrayList<>();
        ArrayNode limits = spec.putArray("limits");
        // p50 and p99 always, and every other percentile the objective judges: its line needs its curve
        Set<String> drawn = new LinkedHashSet<>(List.of("p50", "p99"));
        try {
            for (SloTerm term : Slo.parse(search.slo()).terms()) {
                if (term instanceof SloTerm.Latency l) {
                    limits.addObject().put("name", "SLO " + l.text()).put("value", l.limitNanos() / 1e6);
                    ys.add(l.limitNanos() / 1e6);
                    drawn.add(l.name());
                }
            }
        } catch (RuntimeException unreadable) {
            // an objective a later loomlab wrote: the curve is drawn without its line
        }
        ArrayNode series = spec.putArray("series");
        for (String name : List.of("p50", "p90", "p99", "p999", "max")) {
            if (drawn.contains(name)) {
                series(series, name, steps, FIGURES.get(name), ys);
            }
        }
        ArrayNode marks = spec.putArray("marks");
        String knee = search.kneeCause() == null ? "" : " · knee: " + search.kneeCause().cause();
        if (search.found()) {
            marks.addObject().put("name", (search.generatorBound() ? "≥ " : "sustained ") + Fmt.num(search.maxRatePerS()) + "/s"
                            + (search.firstFailingPerS() == null ? knee : ""))
                    .put("x", search.maxRatePerS()).put("kind", "max");
        }
        if (search.firstFailingPerS() != null) {
            marks.addObject().put("name", "failed " + Fmt.num(search.firstFailingPerS()) + "/s" + knee)
                    .put("x", search.firstFailingPerS()).put("kind", "failing");
        }
        if (search.kneeCause() != null) {
            spec.put("knee", search.kneeCause().line());
        }
        if (boundPerS != null && boundPerS > 0) {
            marks.addObject().put("name", "bound " + Fmt.num(boundPerS) + "/s").put("x", boundPerS).put("kind", "bound");
        }
        spec.put("yLog", BarChart.logScale(ys));
        return spec;
    }

    /**
     * Repeated searches of one target in one chart: each search's curve of the figure its objective judges (the
     * objective's first latency term, else p99) against the offered rate, failing steps marked apart; the objective's
     * limit as a horizontal line; the median sustainable rate and, as dashed lines, the interval for the median (from
     * five searches) or else the range; the bound when the result has one.
     *
     * @param boundPerS the rate physics allows (Little's law), or null
     */
    static ObjectNode spec(String title, List<CapacitySearch> searches, Double boundPerS) {
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", "capacity");
        spec.put("title", title);
        spec.put("xName", "offered rate (req/s)");
        String judged = "p99";
        List<Double> ys = new ArrayList<>();
        ArrayNode limits = spec.putArray("limits");
        try {
            SloTerm.Latency first = Slo.parse(searches.getFirst().slo()).terms().stream()
                    .filter(t -> t instanceof SloTerm.Latency).map(t -> (SloTerm.Latency) t).findFirst().orElse(null);
            if (first != null) {
                judged = first.name();
                limits.addObject().put("name", "SLO " + first.text()).put("value", first.limitNanos() / 1e6);
                ys.add(first.limitNanos() / 1e6);
            }
        } catch (RuntimeException unreadable) {
            // an objective a later loomlab wrote: the curves are drawn without its line
        }
        spec.put("yName", judged + " ms, from the intended send");
        ArrayNode series = spec.putArray("series");
        for (int i = 0; i < searches.size(); i++) {
            List<CapacityStep> steps = searches.get(i).steps().stream().sorted(Comparator.comparingDouble(CapacityStep::ratePerS)).toList();
            series(series, "search " + (i + 1), steps, FIGURES.get(judged), ys);
        }
        ArrayNode marks = spec.putArray("marks");
        CapacitySpread.of(searches).ifPresent(spread -> {
            marks.addObject().put("name", "median " + Fmt.num(spread.medianPerS()) + "/s").put("x", spread.medianPerS()).put("kind", "max");
            String name = spread.interval().map(m -> m.coveragePct() + "% interval for the median").orElse("range");
            double low = spread.interval().map(MedianInterval::low).orElse(spread.minPerS());
            double high = spread.interval().map(MedianInterval::high).orElse(spread.maxPerS());
            marks.addObject().put("name", name + " " + Fmt.num(low) + "–" + Fmt.num(high) + "/s").put("x", low).put("kind", "spread");
            marks.addObject().put("name", "").put("x", high).put("kind", "spread");
        });
        if (boundPerS != null && boundPerS > 0) {
            marks.addObject().put("name", "bound " + Fmt.num(boundPerS) + "/s").put("x", boundPerS).put("kind", "bound");
        }
        CapacityText.knee(searches).ifPresent(k -> spec.put("knee", k));
        spec.put("yLog", BarChart.logScale(ys));
        return spec;
    }

    private static final Map<String, Function<CapacityStep, Double>> FIGURES = Map.of("p50", CapacityStep::p50Ms,
            "p90", CapacityStep::p90Ms, "p99", CapacityStep::p99Ms, "p999", CapacityStep::p999Ms, "max", CapacityStep::maxMs);

    private static void series(ArrayNode out, String name, List<CapacityStep> steps, Function<CapacityStep, Double> figure,
                               List<Double> ys) {
        ObjectNode s = out.addObject();
        s.put("name", name);
        ArrayNode points = s.putArray("points");
        for (CapacityStep step : steps) {
            Double y = figure.apply(step);
            if (y != null) {
                List<String> why = new ArrayList<>(step.reasons());
                if (!step.judged()) {
                    why.addFirst("invalid: " + step.invalid());
                }
                points.addObject().put("x", step.ratePerS()).put("y", y).put("passed", step.passed())
                        .put("why", String.join("; ", why));
                ys.add(y);
            }
        }
    }
}
