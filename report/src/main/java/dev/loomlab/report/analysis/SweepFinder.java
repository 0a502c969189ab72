package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.param.Units;
import dev.loomlab.report.text.Fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Finds the {@link Sweep}s among one scenario's results: a curve needs at least {@value #MIN_POINTS}
 * values of the swept quantity with everything else equal (two points are a comparison, which the bar
 * chart already shows).
 */
public final class SweepFinder {
    public static final int MIN_POINTS = 3;
    /** An axis spanning at least this ratio is drawn (and its knee measured) in log scale. */
    private static final double LOG_RATIO = 20;

    private SweepFinder() {
    }

    /** Sweeps of {@code metric} over the ok results of one scenario: parameter sweeps first, then size sweeps. */
    public static List<Sweep> find(List<Result> scenarioResults, String metric) {
        List<Result> ok = scenarioResults.stream().filter(Result::ok).filter(r -> Metrics.summary(r, metric) != null).toList();
        boolean severalJdks = Jdks.several(ok);
        List<Sweep> sweeps = new ArrayList<>();
        Set<String> paramNames = new LinkedHashSet<>();
        ok.forEach(r -> paramNames.addAll(r.params().keySet()));
        for (String p : paramNames) {
            sweeps.addAll(paramSweeps(ok, p, metric, severalJdks));
        }
        sweeps.addAll(sizeSweeps(ok, metric, severalJdks));
        return sweeps;
    }

    private static List<Sweep> paramSweeps(List<Result> ok, String param, String metric, boolean severalJdks) {
        // fixed parameters → curve name → points
        Map<String, Map<String, List<Sweep.Point>>> charts = new LinkedHashMap<>();
        boolean duration = false;
        for (Result r : ok) {
            Object value = r.params().get(param);
            Double x = numeric(param, value);
            if (x == null) {
                continue;
            }
            duration |= value instanceof String;
            Map<String, Object> rest = new LinkedHashMap<>(r.params());
            rest.remove(param);
            String name = r.model() + (severalJdks ? " · Java " + Jdks.feature(r) : "");
            charts.computeIfAbsent(Fmt.params(rest), k -> new LinkedHashMap<>())
                    .computeIfAbsent(name, k -> new ArrayList<>())
                    .add(new Sweep.Point(x, Metrics.mean(r, metric), r));
        }
        String label = param + (duration ? " (ms)" : "");
        List<Sweep> out = new ArrayList<>();
        charts.forEach((fixed, curves) -> {
            Sweep s = sweep(ok.get(0).scenario(), param, label, fixed, metric, curves, List.of());
            if (s != null) {
                out.add(s);
            }
        });
        return out;
    }

    private static List<Sweep> sizeSweeps(List<Result> ok, String metric, boolean severalJdks) {
        Map<String, Map<String, List<Sweep.Point>>> charts = new LinkedHashMap<>();
        for (Result r : ok) {
            ModelName m = ModelName.of(r);
            if (m.size().isEmpty()) {
                continue;
            }
            String name = m.kind() + (severalJdks ? " · Java " + Jdks.feature(r) : "");
            charts.computeIfAbsent(Fmt.params(r.params()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(name, k -> new ArrayList<>())
                    .add(new Sweep.Point(m.size().getAsInt(), Metrics.mean(r, metric), r));
        }
        List<Sweep> out = new ArrayList<>();
        charts.forEach((fixed, curves) -> {
            List<Result> onCurves = new ArrayList<>();
            curves.values().forEach(points -> {
                if (distinctX(points).size() >= MIN_POINTS) {
                    points.forEach(p -> onCurves.add(p.result()));
                }
            });
            List<Result> references = ok.stream()
                    .filter(r -> Fmt.params(r.params()).equals(fixed) && !onCurves.contains(r))
                    .toList();
            Sweep s = sweep(ok.get(0).scenario(), Sweep.SIZE, "pool size (N of model:N)", fixed, metric, curves, references);
            if (s != null) {
                out.add(s);
            }
        });
        return out;
    }

    private static Sweep sweep(String scenario, String axis, String label, String fixed, String metric,
                               Map<String, List<Sweep.Point>> curves, List<Result> references) {
        List<List<Sweep.Point>> kept = new ArrayList<>();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, List<Sweep.Point>> c : curves.entrySet()) {
            List<Sweep.Point> points = distinctX(c.getValue());
            if (points.size() >= MIN_POINTS) {
                kept.add(points);
                names.add(c.getKey());
                min = Math.min(min, points.get(0).x());
                max = Math.max(max, points.get(points.size() - 1).x());
            }
        }
        if (kept.isEmpty()) {
            return null;
        }
        boolean logX = min > 0 && max / min >= LOG_RATIO;
        List<Sweep.Curve> out = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            List<Sweep.Point> points = kept.get(i);
            double[] x = points.stream().mapToDouble(Sweep.Point::x).toArray();
            double[] y = points.stream().mapToDouble(Sweep.Point::y).toArray();
            OptionalInt knee = Knee.index(x, y, logX);
            out.add(new Sweep.Curve(names.get(i), points,
                    knee.isPresent() ? Optional.of(points.get(knee.getAsInt())) : Optional.empty()));
        }
        List<Result> refs = references.stream().filter(r -> Metrics.summary(r, metric) != null).toList();
        return new Sweep(scenario, axis, label, logX, fixed, metric, out, refs);
    }

    /** The points in ascending x, the first result kept where two share an x. */
    private static List<Sweep.Point> distinctX(List<Sweep.Point> points) {
        Map<Double, Sweep.Point> byX = new LinkedHashMap<>();
        points.forEach(p -> byX.putIfAbsent(p.x(), p));
        return byX.values().stream().sorted(Comparator.comparingDouble(Sweep.Point::x)).toList();
    }

    /** A parameter's value as a number: counts and decimals as they are, durations in ms; null otherwise. */
    static Double numeric(String param, Object value) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value instanceof String s) {
            try {
                return Units.nanosToMillis(Units.parseDurationNanos(param, s));
            } catch (RuntimeException notADuration) {
                return null;
            }
        }
        return null;
    }
}
