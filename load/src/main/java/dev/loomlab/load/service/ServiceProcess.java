package dev.loomlab.load.service;

import dev.loomlab.load.web.ProcSampler;
import dev.loomlab.load.web.TcpSockets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The service's process on this machine, whose CPU time {@code /proc} tells exactly ({@link ProcSampler#cpuNanos}),
 * and the cores it may run on (its {@code Cpus_allowed_list}): where both are known, a service's CPU share is read
 * here rather than from its own metrics.
 *
 * @param pid   the process
 * @param cores the cores it may run on
 */
public record ServiceProcess(long pid, int cores) {
    /** The process {@code pid}, with the cores it may run on. */
    public static ServiceProcess of(long pid) {
        return new ServiceProcess(pid, allowedCores(pid));
    }

    /** The process listening on {@code port}, or why none can be read. */
    public static Lookup listeningOn(int port) {
        OptionalLong pid = TcpSockets.listener(port);
        if (pid.isEmpty()) {
            return new Lookup(null, "no process of this machine is seen listening on port " + port);
        }
        if (pid.getAsLong() == ProcessHandle.current().pid()) {
            return new Lookup(null, "the service on port " + port + " runs in this JVM, beside the generator: its CPU cannot"
                    + " be told apart from the generator's");
        }
        return new Lookup(of(pid.getAsLong()), null);
    }

    /** A process found ({@code process}), or {@code why} none was. */
    public record Lookup(ServiceProcess process, String why) {
    }

    /** Its CPU time so far, ns; -1 when it cannot be read. */
    public long cpuNanos() {
        return ProcSampler.cpuNanos(pid);
    }

    /**
     * The cores {@code pid} may run on, from its {@code Cpus_allowed_list} ({@code 0-3,6}); without {@code /proc}, the
     * cores this JVM may use.
     */
    static int allowedCores(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return count(line.substring(line.indexOf(':') + 1).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or gone: the fallback below
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /** The CPUs a list such as {@code 0-3,6} names. */
    static int count(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            String[] range = part.strip().split("-");
            n += range.length == 1 ? 1 : Integer.parseInt(range[1].strip()) - Integer.parseInt(range[0].strip()) + 1;
        }
        return n;
    }
}
