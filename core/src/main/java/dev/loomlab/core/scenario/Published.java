package dev.loomlab.core.scenario;

import java.util.Map;

/**
 * A figure an article published for one model and parameter set, shown beside loomlab's own.
 *
 * @param source the article's file in shared/seeds, e.g. {@code 004_1a8054f6c48c5769.txt}
 * @param hardware the article's machine, as it states it
 * @param model the model it corresponds to; {@code platform:cores} means a pool as large as the
 *              machine's hardware threads, which the article used
 * @param params the parameter values it was measured at (canonical text)
 * @param metric the metric the figure is of, its name ending in its unit: {@code wall_ms} for a total
 *               time, {@code handoff_us} for a latency published in µs …
 * @param value the published figure, in {@code metric}'s unit
 * @param note how the figure was obtained (e.g. "mean of 3 rounds")
 */
public record Published(String source, String hardware, String model, Map<String, String> params, String metric,
                        double value, String note) {
    /** The metric of a published total time. */
    public static final String WALL_MS = "wall_ms";

    /** A published total time in ms. */
    public Published(String source, String hardware, String model, Map<String, String> params, double wallMs,
                     String note) {
        this(source, hardware, model, params, WALL_MS, wallMs, note);
    }

    /** The published total time in ms; NaN when the figure is of another metric. */
    public double wallMs() {
        return metric.equals(WALL_MS) ? value : Double.NaN;
    }

    /** True when this figure was measured with the given model (canonical name) and parameters. */
    public boolean matches(String modelName, Map<String, String> canonicalParams, int cores) {
        String wanted = model.endsWith(":cores") ? model.replace(":cores", ":" + cores) : model;
        if (!wanted.equals(modelName)) {
            return false;
        }
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!e.getValue().equals(canonicalParams.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
