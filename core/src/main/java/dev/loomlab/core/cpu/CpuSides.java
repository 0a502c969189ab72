package dev.loomlab.core.cpu;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The CPUs the two sides of a load ran on, as a result's parameters carry them: {@value #LOAD} the generator's and
 * {@value #SERVER} the service's. A {@code load} result records both as read from {@code /proc} (the service's when its
 * process was found); a {@code web} result the lists given, an empty one meaning "not pinned": the trial JVM then runs on
 * the CPUs of the run, and the server on the trial JVM's. From either, whether the two sides share CPUs, which is what a
 * capacity figure measured on one machine most depends on.
 *
 * @param load   the generator's CPUs; null when unknown
 * @param server the service's CPUs; null when unknown
 */
public record CpuSides(CpuList load, CpuList server) {
    /** Parameter: the load generator's CPUs. */
    public static final String LOAD = "load-cpus";
    /** Parameter: the service's CPUs. */
    public static final String SERVER = "server-cpus";

    /** These lists added to {@code params}, a result's; an unknown side is left out. */
    public Map<String, Object> addedTo(Map<String, Object> params) {
        Map<String, Object> out = new LinkedHashMap<>(params);
        if (load != null) {
            out.put(LOAD, load.toString());
        }
        if (server != null) {
            out.put(SERVER, server.toString());
        }
        return out;
    }

    /**
     * One line on these sides: {@code generator and service share CPUs 0-1}, {@code generator on CPU 0, service on CPU 1},
     * or {@code generator on CPUs 0-1} when the service's are unknown; empty when neither is known.
     */
    public Optional<String> describe() {
        if (load == null) {
            return Optional.empty();
        }
        CpuList both = server == null ? null : load.shared(server);
        if (both != null) {
            return Optional.of("generator and service share " + cpus(both));
        }
        return Optional.of("generator on " + cpus(load) + (server == null ? "" : ", service on " + cpus(server)));
    }

    /** {@code CPU 1} or {@code CPUs 0-1}. */
    static String cpus(CpuList list) {
        return (list.size() == 1 ? "CPU " : "CPUs ") + list;
    }

    /**
     * The CPUs both sides ran on, per a result's parameters; empty when they are apart or when it cannot tell (a result
     * without the parameters, a service whose process was not found). An empty text is a side not pinned (web): the server
     * then ran on the generator's CPUs, and an unpinned generator on the run's, which include the server's.
     *
     * @return the CPUs shared, or an empty text when neither side was pinned (every CPU of the run)
     */
    public static Optional<String> shared(Map<String, Object> params) {
        Object load = params.get(LOAD);
        Object server = params.get(SERVER);
        if (load == null || server == null) {
            return Optional.empty();
        }
        String l = load.toString();
        String s = server.toString();
        if (l.isEmpty() || s.isEmpty()) {
            return Optional.of(l.isEmpty() ? s : l);
        }
        CpuList both = CpuList.parse(null, l).shared(CpuList.parse(null, s));
        return both == null ? Optional.empty() : Optional.of(both.toString());
    }

    /** {@code generator and service share CPUs 0-1} for a result whose two sides share CPUs; empty otherwise. */
    public static Optional<String> note(Map<String, Object> params) {
        try {
            return shared(params).map(cpus -> "generator and service share "
                    + (cpus.isEmpty() ? "every CPU (neither pinned)" : cpus(CpuList.parse(null, cpus))));
        } catch (RuntimeException unreadable) {
            // a parameter written by hand or by another tool: no claim either way
            return Optional.empty();
        }
    }
}
