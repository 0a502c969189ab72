package dev.loomlab.report.html;

import dev.loomlab.core.stats.HistogramCodec;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.report.analysis.Metrics;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A latency distribution as HdrHistogram plots it: latency (ms) against percentile, the percentile axis
 * stretched towards the tail ({@code x = log10(1 / (1 − q))}, so 90%, 99%, 99.9% are evenly spaced). Each
 * curve comes from the result's merged histogram; a result without one (written before histograms were
 * kept) is drawn from its summary's p50, p90, p99, p99.9 and max.
 */
final class PercentileChart {
    /** HdrHistogram's percentile iteration: points per halving of the distance to 100%. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    private PercentileChart() {
    }

    /** @param results ok results carrying the latency metric {@code metric} */
    static ObjectNode spec(String title, String metric, List<Result> results, Labels labels) {
        ObjectNode spec = MetricChartSpec.of("percentiles", title, metric);
        ArrayNode series = spec.putArray("series");
        List<Double> all = new ArrayList<>();
        for (Result r : results) {
            LatencySummary summary = Metrics.latency(r, metric);
            String encoded = r.histograms().get(metric);
            if (summary == null) {
                continue;
            }
            ObjectNode s = series.addObject();
            s.put("name", labels.full(r));
            s.put("source", encoded != null ? "histogram" : "summary");
            ArrayNode points = s.putArray("points");
            List<double[]> pts = encoded != null ? fromHistogram(HistogramCodec.decode(encoded)) : fromSummary(summary);
            for (double[] p : pts) {
                points.addArray().add(p[0]).add(p[1]);
                all.add(p[1]);
            }
        }
        spec.put("yLog", BarChart.logScale(all));
        return spec;
    }

    /** Percentile q (0–100) on the stretched axis. */
    static double stretch(double q) {
        return -Math.log10(1 - q / 100);
    }

    /** {@code [x, ms]} points of a histogram recorded in ns, ending at its maximum. */
    static List<double[]> fromHistogram(Histogram h) {
        List<double[]> out = new ArrayList<>();
        long count = h.getTotalCount();
        if (count == 0) {
            return out;
        }
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double q = v.getPercentileLevelIteratedTo();
            if (q >= 100) {
                break;
            }
            out.add(new double[]{stretch(q), v.getValueIteratedTo() / 1e6});
        }
        // The maximum sits at the last of `count` values: percentile 100 × (1 − 1/count).
        double last = count > 1 ? stretch(100.0 * (1 - 1.0 / count)) : 0;
        if (out.isEmpty() || last > out.get(out.size() - 1)[0]) {
            out.add(new double[]{last, h.getMaxValue() / 1e6});
        }
        return out;
    }

    private static List<double[]> fromSummary(LatencySummary s) {
        List<double[]> out = new ArrayList<>(List.of(new double[]{stretch(50), s.p50()}, new double[]{stretch(90), s.p90()},
                new double[]{stretch(99), s.p99()}, new double[]{stretch(99.9), s.p999()}));
        // As for a histogram: the maximum at the last of `count` values, where that lies beyond p99.9.
        double last = s.count() > 1 ? stretch(100.0 * (1 - 1.0 / s.count())) : 0;
        if (last > stretch(99.9)) {
            out.add(new double[]{last, s.max()});
        }
        return out;
    }
}
