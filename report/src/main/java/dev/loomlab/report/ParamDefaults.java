package dev.loomlab.report;

import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.ScenarioDescription;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each scenario's parameter defaults, to show only the parameters a result was given other values for: a result
 * carries every parameter of its scenario, most of them at their defaults. A scenario this does not know (a
 * plugin missing) shows every parameter.
 */
public final class ParamDefaults {
    /** Knows no scenario: every parameter is shown. */
    public static final ParamDefaults NONE = new ParamDefaults(Map.of());

    /** scenario → parameter → its default as results carry it ({@link ParamSpec#json}). */
    private final Map<String, Map<String, Object>> defaults;

    private ParamDefaults(Map<String, Map<String, Object>> defaults) {
        this.defaults = defaults;
    }

    public static ParamDefaults of(Collection<ScenarioDescription> scenarios) {
        Map<String, Map<String, Object>> all = new LinkedHashMap<>();
        for (ScenarioDescription s : scenarios) {
            Map<String, Object> own = new LinkedHashMap<>();
            for (ParamSpec p : s.params()) {
                try {
                    own.put(p.name(), p.json(p.parse(p.defaultValue())));
                } catch (RuntimeException noDefault) {
                    // a default that is not a value of its own (none given): every value differs from it
                }
            }
            all.put(s.name(), own);
        }
        return new ParamDefaults(all);
    }

    /** The parameters of a {@code scenario} result whose values are not the scenario's defaults, in their order. */
    public Map<String, Object> differing(String scenario, Map<String, Object> params) {
        Map<String, Object> own = defaults.get(scenario);
        if (own == null) {
            return params;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        params.forEach((k, v) -> {
            if (!own.containsKey(k) || !same(own.get(k), v)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** {@code tasks=1000 sleep=20ms}: the parameters that differ from the defaults, as {@link Fmt#params} writes them. */
    public String text(String scenario, Map<String, Object> params) {
        return Fmt.params(differing(scenario, params));
    }

    /** Equal as results carry them: numbers by value (JSON reads 1000 back as an Integer, 1e3 as a Double), else as text. */
    private static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return String.valueOf(a).equals(String.valueOf(b));
    }
}
