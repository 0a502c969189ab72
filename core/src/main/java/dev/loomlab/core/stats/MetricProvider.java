package dev.loomlab.core.stats;

import java.util.List;

/**
 * Contributes the metric keys a module declares, found through {@code META-INF/services} as scenarios are
 * ({@link MetricCatalog}); a plugin jar may add its own.
 */
public interface MetricProvider {
    List<MetricKey> metrics();
}
