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
        for (ScenarioProvider p : dev.loomlab.core.Plugins.load(ScenarioProvider.class)) {
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
