package dev.loomlab.load.service;

import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;

import java.util.OptionalLong;
import java.util.stream.IntStream;

/**
 * The service's process on this machine, whose CPU time {@code /proc} tells exactly ({@link ProcSampler#cpuNanos}),
 * and the cores it may run on (its {@code Cpus_allowed_list}): where both are known, a service's CPU share is read
 * here rather than from its own metrics, and how busy those cores were, whoever used them ({@link CpuTimes}).
 *
 * @param pid  the process
 * @param cpus the CPUs it may run on
 */
public record ServiceProcess(long pid, CpuList cpus) {
    /** The process {@code pid}, with the CPUs it may run on (as many as this JVM may use, from 0, where /proc is missing). */
    public static ServiceProcess of(long pid) {
        return new ServiceProcess(pid, CpuAffinity.of(pid).orElseGet(() ->
                CpuList.of(IntStream.range(0, Runtime.getRuntime().availableProcessors()).toArray())));
    }

    /** The cores it may run on. */
    public int cores() {
        return cpus.size();
    }

    /** The process listening on {@code port}, or why none can be read. */
    public static Lookup listeningOn(int port) {
        OptionalLong pid = TcpSockets.listener(port);
        if (pid.isEmpty()) {
            return new Lookup(null, "no process of this machine is seen listening on port " + port, false);
        }
        if (pid.getAsLong() == ProcessHandle.current().pid()) {
            return new Lookup(null, "the service on port " + port + " runs in this JVM, beside the generator: its CPU cannot"
                    + " be told apart from the generator's", true);
        }
        return new Lookup(of(pid.getAsLong()), null, false);
    }

    /** A process found ({@code process}), or {@code why} none was; {@code inThisJvm} when the service is this JVM. */
    public record Lookup(ServiceProcess process, String why, boolean inThisJvm) {
    }

    /** Its CPU time so far, ns; -1 when it cannot be read. */
    public long cpuNanos() {
        return ProcSampler.cpuNanos(pid);
    }
}
