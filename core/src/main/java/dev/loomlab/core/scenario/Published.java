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
 * @param wallMs the published total time in ms
 * @param note how the figure was obtained (e.g. "mean of 3 rounds")
 */
public record Published(String source, String hardware, String model, Map<String, String> params, double wallMs,
                        String note) {

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
