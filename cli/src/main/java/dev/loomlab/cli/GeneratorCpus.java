package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.CpuSides;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.load.service.TcpSockets;

import java.net.URI;
import java.util.OptionalLong;

/**
 * The CPUs of {@code loomlab load}'s two sides. Its generator runs in the CLI's own JVM, so {@code --cpus LIST} pins that
 * JVM: the launcher starts it with {@code taskset -c LIST} (a JVM cannot resize its carriers, GC and compiler threads once
 * started), and this checks that it was, naming what is wrong when not. The service's CPUs are read from the process
 * listening on the URL's port.
 */
final class GeneratorCpus {
    /**
     * System property the launcher sets when it started this JVM on {@code --cpus}: the CPUs the launcher itself might use,
     * which are the ones {@code --cpus} may name.
     */
    static final String LAUNCH_CPUS = "loomlab.launch-cpus";

    private GeneratorCpus() {
    }

    /**
     * Checks that this JVM runs on exactly {@code cpus}.
     *
     * @throws BadInputException naming CPUs this process may not use, a missing taskset, or a JVM started otherwise
     */
    static void require(CpuList cpus) {
        String launch = System.getProperty(LAUNCH_CPUS, "");
        CpuList before = launch.isBlank() ? null : CpuList.parse(null, launch);
        require(cpus, CpuAffinity.ofThisProcess().orElse(null), before, Taskset.find().isPresent());
    }

    /**
     * @param own     the CPUs this JVM runs on; null where that cannot be read
     * @param before  the CPUs the launcher might use before it pinned this JVM; null when it did not
     * @param taskset whether taskset is on the PATH
     */
    static void require(CpuList cpus, CpuList own, CpuList before, boolean taskset) {
        Taskset.requireAllowed("--cpus", cpus, before != null ? before : own);
        if (cpus.equals(own)) {
            return;
        }
        if (!taskset) {
            throw new BadInputException("--cpus " + cpus + " starts the generator's JVM with taskset, which is not on the PATH"
                    + " (Debian and Ubuntu: apt-get install util-linux)");
        }
        throw new BadInputException("--cpus " + cpus + ": this JVM, where the generator runs, "
                + (own == null ? "cannot tell its CPUs (no /proc/self/status)" : "runs on CPUs " + own)
                + "; start loomlab through its launcher (./loomlab), which starts the JVM on them, or with taskset -c " + cpus);
    }

    /**
     * The generator's CPUs (this JVM's) and the service's, read from the process listening on {@code url}'s port when it is
     * on this machine and {@code /proc} shows it; either null when unknown.
     */
    static CpuSides of(URI url, boolean local) {
        CpuList generator = CpuAffinity.ofThisProcess().orElse(null);
        if (!local) {
            return new CpuSides(generator, null);
        }
        OptionalLong pid = TcpSockets.listener(url.getPort() > 0 ? url.getPort() : 80);
        return new CpuSides(generator, pid.isPresent() ? CpuAffinity.of(pid.getAsLong()).orElse(null) : null);
    }
}
