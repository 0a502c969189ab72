package dev.loomlab.core.scenario;

import dev.loomlab.core.BadInputException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every scenario on the class path, by name. */
public final class ScenarioCatalog {
    private final Map<String, Scenario> scenarios = new LinkedHashMap<>();

    private ScenarioCatalog() {
    }

    public static ScenarioCatalog load() {
        ScenarioCatalog c = new ScenarioCatalog();
        List<ScenarioProvider> providers = new ArrayList<>(dev.loomlab.core.Plugins.load(ScenarioProvider.class));
        // The class path's jar order is not fixed: core first, then the modules by name, so lists and
        // suites always come out in the same order.
        providers.sort(java.util.Comparator.comparing((ScenarioProvider p) -> !p.getClass().getName().startsWith("dev.loomlab.core."))
                .thenComparing(p -> p.getClass().getName()));
        for (ScenarioProvider p : providers) {
            for (Scenario s : p.scenarios()) {
                c.scenarios.putIfAbsent(s.name(), s);
            }
        }
        return c;
    }

    public List<Scenario> all() {
        return new ArrayList<>(scenarios.values());
    }

    public Optional<Scenario> find(String name) {
        return Optional.ofNullable(scenarios.get(name));
    }

    public Scenario get(String name) {
        Scenario s = scenarios.get(name);
        if (s == null) {
            throw new BadInputException("unknown scenario '" + name + "' (scenarios: " + String.join(", ", scenarios.keySet())
                    + "; see 'loomlab list scenarios')");
        }
        return s;
    }
}
