package dev.loomlab.load.service;

/**
 * What the load side can read of the service it loads: its saturation ({@link SaturationSource}), its process on this
 * machine for CPU ({@link ServiceProcess}), either, both or neither. Each load run reads it through a
 * {@link ServiceWatch}.
 *
 * @param saturation its own figures; null when none is read
 * @param process    its process; null when not on this machine or not found
 * @param inThisJvm  true when the service runs in the generator's own JVM (a test's server): this JVM's CPU is then
 *                   the service's as much as the generator's, and is not read as the generator's
 */
public record Service(SaturationSource saturation, ServiceProcess process, boolean inThisJvm) {
    /** Nothing read of the service. */
    public static final Service NONE = new Service(null, null);

    /** A service in a process of its own (or not known to share this JVM). */
    public Service(SaturationSource saturation, ServiceProcess process) {
        this(saturation, process, false);
    }

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
