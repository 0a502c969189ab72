package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * A sweep as curves: the metric's mean (with whiskers for the 99.9% CI of the mean) against the swept quantity, one curve
 * per model, its knee marked; for wall time also the bound and the article's figures as dashed curves;
 * results off the curves (an unsized model beside a pool-size sweep) as horizontal lines.
 */
final class SweepChart {
    private SweepChart() {
    }

    static ObjectNode spec(Sweep sweep, Labels labels) {
        boolean wall = sweep.metric().equals(Metric.WALL_MS.name());
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", "curves");
        String of = sweep.metric().equals(Metrics.P99.name()) ? " (of each result's answers)" : " (mean, 99.9% CI)";
        spec.put("title", sweep.scenario() + ": " + Metrics.label(sweep.metric()) + of + " against "
                + sweep.axisLabel() + (sweep.fixed().isEmpty() ? "" : " · " + sweep.fixed()));
        spec.put("xName", sweep.axisLabel());
        spec.put("yName", Metrics.label(sweep.metric()));
        spec.put("xLog", sweep.logX());
        List<Double> ys = new ArrayList<>();
        ArrayNode series = spec.putArray("series");
        for (Sweep.Curve c : sweep.curves()) {
            ObjectNode s = series.addObject();
            s.put("name", c.name());
            ArrayNode points = s.putArray("points");
            ArrayNode bound = s.putArray("bound");
            ArrayNode published = s.putArray("published");
            for (Sweep.Point p : c.points()) {
                Summary m = Metrics.summary(p.result(), sweep.metric());
                ObjectNode v = BarChart.value(m);
                v.put("x", p.x());
                v.put("label", labels.full(p.result()));
                points.add(v);
                ys.add(m.mean());
                if (wall && p.result().boundMs() != null) {
                    bound.addArray().add(p.x()).add(p.result().boundMs());
                    ys.add(p.result().boundMs());
                }
                if (wall && p.result().published() != null && p.result().published().wallMs() != null) {
                    published.addArray().add(p.x()).add(p.result().published().wallMs());
                    ys.add(p.result().published().wallMs());
                }
            }
            c.knee().ifPresentOrElse(k -> s.putObject("knee").put("x", k.x()).put("y", k.y())
                            .put("label", "knee: " + Fmt.num(k.x())),
                    () -> s.putNull("knee"));
        }
        ArrayNode refs = spec.putArray("references");
        for (Result r : sweep.references()) {
            double v = Metrics.mean(r, sweep.metric());
            refs.addObject().put("name", labels.full(r)).put("value", v);
            ys.add(v);
        }
        spec.put("yLog", BarChart.logScale(ys));
        return spec;
    }
}
