package dev.loomlab.core.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The keys one class declares, in the order it declares them: each constant is made by {@link #add}, so
 * declaring a metric is one line and {@link #all} lists it with no second mention.
 *
 * <pre>{@code
 * private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);
 * public static final MetricKey ORDERS_PLACED = KEYS.add("orders_placed", Unit.COUNT, Direction.HIGHER_BETTER, "orders placed");
 * public static final List<MetricKey> ALL = KEYS.all();
 * }</pre>
 */
public final class MetricKeys {
    private final Owner owner;
    private final List<MetricKey> keys = new ArrayList<>();

    /** @param owner whose figures this class's keys are, unless a key says otherwise */
    public MetricKeys(Owner owner) {
        this.owner = owner;
    }

    /** Declares a key of this class's owner. */
    public MetricKey add(String name, Unit unit, Direction direction, String description) {
        return add(name, unit, direction, owner, description);
    }

    /** Declares a key of {@code keyOwner}. */
    public MetricKey add(String name, Unit unit, Direction direction, Owner keyOwner, String description) {
        return add(new MetricKey(name, unit, direction, keyOwner, description));
    }

    /** Declares {@code key}. */
    public MetricKey add(MetricKey key) {
        if (keys.stream().anyMatch(k -> k.name().equals(key.name()))) {
            throw new IllegalStateException("metric " + key.name() + " declared twice");
        }
        keys.add(key);
        return key;
    }

    /** Every key declared so far and later, in declaration order (a view: a constant made before the keys sees them all). */
    public List<MetricKey> all() {
        return Collections.unmodifiableList(keys);
    }
}
