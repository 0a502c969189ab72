package dev.loomlab.core.stats;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A metric as loomlab knows it: its name in results.jsonl, its unit, which way is better, whose figure it
 * is, and one line of what it measures. A key is declared once, as a constant of the module that produces
 * the figure ({@link MetricKeys}, {@link MetricProvider}); a figure that several modules produce, or that core
 * or the reports read from a module they do not depend on, is declared in core beside what it describes: a
 * server under test's figures, the requests sent to it, the db scenario's connection pool.
 * Tables, advice, {@code compare} and SLO terms look a name's key up in {@link MetricCatalog}.
 *
 * <p>A name may hold one {@code <part>} for a family of metrics one declaration covers, e.g.
 * {@code errors_<kind>}: {@link #named} makes a member's name, {@link #matches} tells one.
 *
 * @param name        snake_case, ending in its unit (docs/results.md), e.g. {@code wall_ms}
 * @param description one line: what is measured, over what span
 */
public record MetricKey(String name, Unit unit, Direction direction, Owner owner, String description) {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(_([a-z0-9]+|<[a-z]+>))*");
    private static final Pattern PART = Pattern.compile("[a-z0-9]+(_[a-z0-9]+)*");

    public MetricKey {
        if (name == null || !NAME.matcher(name).matches() || name.indexOf('<') != name.lastIndexOf('<')) {
            throw new IllegalArgumentException("not a metric name: " + name);
        }
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(owner, "owner");
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException(name + " needs a description");
        }
    }

    /**
     * The key of a metric no declaration on this class path names (one from an old results folder, a user's
     * task or a plugin not loaded here): the unit its name ends in ({@link Unit#ofName}), better higher when
     * that is a rate ({@code _per_s}) and lower otherwise, the trial JVM's figure — where every workload's
     * own figures come from.
     */
    public static MetricKey undeclared(String name) {
        Unit unit = Unit.ofName(name);
        boolean rate = unit == Unit.PER_S || unit == Unit.MB_PER_S;
        return new MetricKey(name, unit, rate ? Direction.HIGHER_BETTER : Direction.LOWER_BETTER, Owner.TRIAL,
                "not declared by any scenario on this class path");
    }

    /** True for a key of a family of metrics, e.g. {@code errors_<kind>}. */
    public boolean family() {
        return name.indexOf('<') >= 0;
    }

    /** The name of this family's member {@code part}: {@code errors_<kind>} of {@code timeout} is {@code errors_timeout}. */
    public String named(String part) {
        if (!family()) {
            throw new IllegalStateException(name + " is one metric, not a family");
        }
        if (!PART.matcher(part).matches()) {
            throw new IllegalArgumentException("not a part of a metric name: " + part);
        }
        return name.replaceFirst("<[a-z]+>", part);
    }

    /** True when {@code metric} is this key's name, or a member of this family. */
    public boolean matches(String metric) {
        if (!family()) {
            return name.equals(metric);
        }
        int open = name.indexOf('<');
        String before = name.substring(0, open);
        String after = name.substring(name.indexOf('>') + 1);
        return metric.length() > before.length() + after.length() && metric.startsWith(before) && metric.endsWith(after)
                && PART.matcher(metric.substring(before.length(), metric.length() - after.length())).matches();
    }

    /** True when a larger figure is better. */
    public boolean higherIsBetter() {
        return direction == Direction.HIGHER_BETTER;
    }

    /** The name in words, as charts and advice write it: {@code wall_ms} → {@code wall ms}. */
    public String label() {
        return name.replace('_', ' ');
    }

    @Override
    public String toString() {
        return name;
    }
}
