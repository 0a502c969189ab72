package dev.loomlab.load.service;

/**
 * What the load side can read of the service it loads: its saturation ({@link SaturationSource}), its process on this
 * machine for CPU ({@link ServiceProcess}), either, both or neither. Each load run reads it through a
 * {@link ServiceWatch}.
 *
 * @param saturation its own figures; null when none is read
 * @param process    its process; null when not on this machine or not found
 */
public record Service(SaturationSource saturation, ServiceProcess process) {
    /** Nothing read of the service. */
    public static final Service NONE = new Service(null, null);

    /** True when something is read of it. */
    public boolean readable() {
        return saturation != null || process != null;
    }

    /** Where its figures come from: {@code http://…/metrics, CPU from /proc (pid 4242, 2 cores)}. */
    public String describe() {
        String proc = process == null ? null : "CPU from /proc (pid " + process.pid() + ", " + process.cores()
                + (process.cores() == 1 ? " core)" : " cores)");
        if (saturation == null) {
            return proc == null ? "" : proc;
        }
        return saturation.describe() + (proc == null ? "" : ", " + proc);
    }
}
