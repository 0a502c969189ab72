package dev.loomlab.core.stats;

import dev.loomlab.core.Plugins;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every declared metric key, by name: what tables, advice, {@code compare} and the SLO ask for a metric's
 * unit, better direction, owner and label. A name no key declares — a metric of an old results folder, of a
 * user's task, of a plugin not on this class path — gets {@link MetricKey#undeclared}, which reads the unit
 * from the name's ending; that suffix rule is only this fallback.
 */
public final class MetricCatalog {
    private static volatile MetricCatalog classPath;

    private final Map<String, MetricKey> named = new LinkedHashMap<>();
    private final List<MetricKey> families = new ArrayList<>();

    private MetricCatalog(Collection<MetricKey> keys) {
        for (MetricKey k : keys) {
            if (k.family()) {
                if (families.stream().noneMatch(f -> f.name().equals(k.name()))) {
                    families.add(k);
                }
            } else {
                named.putIfAbsent(k.name(), k);
            }
        }
        // The family whose fixed text is longest is the most specific: gc_churn_<pool>_rate_mb_per_s before gc_churn_<pool>_mb.
        families.sort(Comparator.comparingInt((MetricKey k) -> -k.name().replaceAll("<[a-z]+>", "").length()));
    }

    /** A catalog of {@code keys}; of two keys of one name the first counts. */
    public static MetricCatalog of(Collection<MetricKey> keys) {
        return new MetricCatalog(keys);
    }

    /** The keys every {@link MetricProvider} on the class path declares. */
    public static MetricCatalog load() {
        List<MetricKey> keys = new ArrayList<>();
        for (MetricProvider p : Plugins.load(MetricProvider.class)) {
            keys.addAll(p.metrics());
        }
        return new MetricCatalog(keys);
    }

    /** The class path's catalog, loaded on first use. */
    public static MetricCatalog classPath() {
        MetricCatalog c = classPath;
        if (c == null) {
            synchronized (MetricCatalog.class) {
                if (classPath == null) {
                    classPath = load();
                }
                c = classPath;
            }
        }
        return c;
    }

    /** {@code name}'s key in the class path's catalog, or its {@link MetricKey#undeclared} key. */
    public static MetricKey keyOf(String name) {
        return classPath().key(name);
    }

    /**
     * The key that declares {@code name}: its own, else the most specific family it belongs to; a family's own
     * name ({@code errors_<kind>}) finds the family.
     */
    public Optional<MetricKey> find(String name) {
        MetricKey k = named.get(name);
        if (k != null) {
            return Optional.of(k);
        }
        return families.stream().filter(f -> f.name().equals(name) || f.matches(name)).findFirst();
    }

    /** {@code name}'s declared key, or for a name nothing declares its {@link MetricKey#undeclared} key. */
    public MetricKey key(String name) {
        return find(name).orElseGet(() -> MetricKey.undeclared(name));
    }

    /** Every key, single metrics then families. */
    public List<MetricKey> all() {
        List<MetricKey> all = new ArrayList<>(named.values());
        all.addAll(families);
        return all;
    }
}
