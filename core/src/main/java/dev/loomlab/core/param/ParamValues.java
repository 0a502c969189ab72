package dev.loomlab.core.param;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuList;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The validated parameter values of one scenario run, every parameter of the scenario present (given or
 * defaulted), in the scenario's declared order.
 */
public final class ParamValues {
    private final Map<String, ParamSpec> specs = new LinkedHashMap<>();
    private final Map<String, Object> values = new LinkedHashMap<>();

    private ParamValues() {
    }

    /**
     * Parses {@code given} (name → text) against {@code specs}, filling in defaults.
     *
     * @throws BadInputException naming the scenario when a name is unknown or a value malformed
     */
    public static ParamValues parse(String scenario, List<ParamSpec> specs, Map<String, String> given) {
        ParamValues pv = new ParamValues();
        for (ParamSpec s : specs) {
            pv.specs.put(s.name(), s);
        }
        ParamSpec others = pv.specs.remove(ParamSpec.OTHERS);
        for (String name : given.keySet()) {
            if (!pv.specs.containsKey(name) && others != null) {
                pv.specs.put(name, ParamSpec.text(name, "", others.description()));
            }
            if (!pv.specs.containsKey(name)) {
                throw new BadInputException("scenario " + scenario + " has no parameter '" + name + "' (it has: "
                        + String.join(", ", pv.specs.keySet()) + ")");
            }
        }
        for (ParamSpec s : pv.specs.values()) {
            String text = given.getOrDefault(s.name(), s.defaultValue());
            pv.values.put(s.name(), s.parse(text));
        }
        return pv;
    }

    /** The value of a {@link ParamType#TEXT} parameter. */
    public String text(String name) {
        return (String) get(name, ParamType.TEXT);
    }

    /** The CPUs a {@link ParamType#CPUS} parameter names; empty when none were given. */
    public Optional<CpuList> cpus(String name) {
        String text = (String) get(name, ParamType.CPUS);
        return text.isEmpty() ? Optional.empty() : Optional.of(CpuList.parse(null, text));
    }

    /** The names of the {@link ParamType#CPUS} parameters, in the declared order. */
    public List<String> cpuParams() {
        return specs.values().stream().filter(s -> s.type() == ParamType.CPUS).map(ParamSpec::name).toList();
    }

    /** The parameters given that the scenario does not declare ({@link ParamSpec#others}), name → text. */
    public Map<String, String> others(List<ParamSpec> declared) {
        Map<String, String> out = new LinkedHashMap<>();
        canonical().forEach((k, v) -> {
            if (declared.stream().noneMatch(d -> d.name().equals(k))) {
                out.put(k, v);
            }
        });
        return out;
    }

    public long count(String name) {
        return (Long) get(name, ParamType.COUNT);
    }

    /** A count that must fit an {@code int} (task counts index arrays). */
    public int intCount(String name) {
        long v = count(name);
        if (v > Integer.MAX_VALUE - 8) {
            throw new BadInputException("parameter " + name + ": " + v + " is too large (at most " + (Integer.MAX_VALUE - 8) + ")");
        }
        return (int) v;
    }

    public long durationNanos(String name) {
        return (Long) get(name, ParamType.DURATION);
    }

    public double durationMillis(String name) {
        return Units.nanosToMillis(durationNanos(name));
    }

    public double decimal(String name) {
        Object v = get(name, ParamType.DECIMAL);
        if (!(v instanceof Double d)) {
            throw new IllegalArgumentException("parameter " + name + " is '" + v + "', not a number");
        }
        return d;
    }

    /** True when the decimal parameter {@code name} was given as {@code word} instead of a number (e.g. {@code rate=max}). */
    public boolean isWord(String name, String word) {
        return word.equals(get(name, ParamType.DECIMAL));
    }

    /** The word chosen for a {@link ParamType#CHOICE} parameter. */
    public String choice(String name) {
        return (String) get(name, ParamType.CHOICE);
    }

    /** The constant of the {@link Choice} enum {@code type} that the parameter {@code name} names. */
    public <E extends Enum<E> & Choice> E choice(String name, Class<E> type) {
        return Choice.of(type, choice(name));
    }

    /** name → canonical text, e.g. {@code sleep → 300ms}; what trial specs carry. */
    public Map<String, String> canonical() {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, specs.get(k).canonical(v)));
        return Collections.unmodifiableMap(out);
    }

    /** name → JSON value (numbers for counts and decimals, text for durations), as results carry them. */
    public Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, specs.get(k).json(v)));
        return Collections.unmodifiableMap(out);
    }

    private Object get(String name, ParamType type) {
        ParamSpec s = specs.get(name);
        if (s == null || s.type() != type) {
            throw new IllegalArgumentException("no " + type + " parameter " + name);
        }
        return values.get(name);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        canonical().forEach((k, v) -> sb.append(sb.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }
}
