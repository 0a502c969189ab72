package dev.loomlab.load.service;

/**
 * What a {@link ServiceWatch} read over one load run's measured span, beside the load's own report: the generator's
 * CPU and the service's figures.
 *
 * @param generatorCpuPct this JVM's CPU over the span, % of the cores it may use; null when not read
 * @param generatorCores  the cores it may use
 * @param service         the service's figures; null when nothing was read of it
 */
public record RunReadings(Double generatorCpuPct, int generatorCores, ServiceFigures service) {
    /** Nothing read. */
    public static final RunReadings NONE = new RunReadings(null, 0, null);
}
