package dev.loomlab.core.scenario;

import java.util.Map;

/**
 * A figure an article published for one scenario, model and parameter set, shown beside loomlab's own.
 *
 * @param article  the article's key, e.g. {@code 004}
 * @param hardware the article's machine, as it states it
 * @param model    the model it corresponds to; {@code platform:cores} means a pool as large as the
 *                 machine's hardware threads, which the article used
 * @param params   the parameter values it was measured at (canonical text)
 * @param metric   the metric the figure is of, its name ending in its unit ({@code wall_ms}, {@code rss_mb} …)
 * @param value    the figure, in {@code metric}'s unit
 * @param note     how the figure was obtained (e.g. "mean of 3 rounds")
 */
public record Published(String article, String hardware, String scenario, String model, Map<String, String> params,
                        String metric, double value, String note) {

    /** True when this figure was measured with the given scenario, model (canonical name) and parameters. */
    public boolean matches(String scenarioName, String modelName, Map<String, String> canonicalParams, int cores) {
        String wanted = model.endsWith(":cores") ? model.replace(":cores", ":" + cores) : model;
        if (!scenario.equals(scenarioName) || !wanted.equals(modelName)) {
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
