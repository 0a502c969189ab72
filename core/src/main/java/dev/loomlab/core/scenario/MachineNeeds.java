package dev.loomlab.core.scenario;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * What one result of a scenario asks of the machine beyond an ordinary JVM's own, worked out by the scenario from
 * its parameter values and model ({@link ScenarioDescription#needs}): what {@code loomlab doctor} judges against
 * this machine's limits, and whether a run must provide a database. Only what comes by the thousand is declared;
 * a pool's platform threads and the trial's heap are read from the model and the JVM's flags by the doctor itself.
 *
 * @param sockets         sockets one process holds at once (the client's JVM and the server's JVM each)
 * @param portsPerSource  connections at once from one source address to one server address and port
 * @param loopbackSources loopback source addresses (127.0.0.1, .2, …) its clients bind
 * @param connectsAtOnce  connects in flight at once to one listening socket
 * @param platformThreads platform threads one process starts at once
 * @param heapBytes       heap its trial's own data needs, in bytes (e.g. parked virtual threads)
 * @param database        true when its trials need a PostgreSQL: the run starts one before its first trial (or
 *                        checks the one {@code --db-url} names) and hands its address to every trial JVM
 */
public record MachineNeeds(Need sockets, Need portsPerSource, Need loopbackSources, Need connectsAtOnce,
                           Need platformThreads, Need heapBytes, boolean database) {
    /** Open files a process holds beyond its sockets (class path, logs, a server's pipes): what doctor adds to them. */
    public static final int OPEN_FILES_BESIDE_SOCKETS = 1_000;
    /** Nothing beyond an ordinary JVM's own. */
    public static final MachineNeeds NONE = new MachineNeeds(Need.NONE, Need.NONE, Need.NONE, Need.NONE, Need.NONE,
            Need.NONE, false);

    public MachineNeeds {
        Objects.requireNonNull(sockets);
        Objects.requireNonNull(portsPerSource);
        Objects.requireNonNull(loopbackSources);
        Objects.requireNonNull(connectsAtOnce);
        Objects.requireNonNull(platformThreads);
        Objects.requireNonNull(heapBytes);
    }

    /**
     * How much of one thing a result needs, and why.
     *
     * @param amount    how many (sockets, ports, addresses, connects, threads, bytes); 0 for none
     * @param why       how the result comes to need them, one clause, e.g. {@code holds 100,000 connections at once …}
     * @param whenShort what becomes of the result where the machine allows only the given amount, one clause, e.g.
     *                  {@code the result is recorded not applicable}; null when it simply fails there
     */
    public record Need(long amount, String why, LongFunction<String> whenShort) {
        public static final Need NONE = new Need(0, "", null);

        public Need {
            Objects.requireNonNull(why);
        }

        /** {@code amount} for the reason {@code why}; the result simply fails where the machine has fewer. */
        public static Need of(long amount, String why) {
            return new Need(amount, why, null);
        }

        /** This need, saying what becomes of the result where the machine allows fewer ({@code available} → clause). */
        public Need whenShort(LongFunction<String> consequence) {
            return new Need(amount, why, consequence);
        }

        /** This need, saying what becomes of the result where the machine allows fewer, whatever the number. */
        public Need whenShort(String consequence) {
            return whenShort(available -> consequence);
        }

        /** What becomes of the result where the machine allows only {@code available}; empty when it simply fails. */
        public Optional<String> whenShort(long available) {
            return whenShort == null ? Optional.empty() : Optional.of(whenShort.apply(available));
        }
    }

    public MachineNeeds withSockets(Need need) {
        return new MachineNeeds(need, portsPerSource, loopbackSources, connectsAtOnce, platformThreads, heapBytes, database);
    }

    public MachineNeeds withPortsPerSource(Need need) {
        return new MachineNeeds(sockets, need, loopbackSources, connectsAtOnce, platformThreads, heapBytes, database);
    }

    public MachineNeeds withLoopbackSources(Need need) {
        return new MachineNeeds(sockets, portsPerSource, need, connectsAtOnce, platformThreads, heapBytes, database);
    }

    public MachineNeeds withConnectsAtOnce(Need need) {
        return new MachineNeeds(sockets, portsPerSource, loopbackSources, need, platformThreads, heapBytes, database);
    }

    public MachineNeeds withPlatformThreads(Need need) {
        return new MachineNeeds(sockets, portsPerSource, loopbackSources, connectsAtOnce, need, heapBytes, database);
    }

    public MachineNeeds withHeapBytes(Need need) {
        return new MachineNeeds(sockets, portsPerSource, loopbackSources, connectsAtOnce, platformThreads, need, database);
    }

    /** These needs and a database. */
    public MachineNeeds withDatabase() {
        return new MachineNeeds(sockets, portsPerSource, loopbackSources, connectsAtOnce, platformThreads, heapBytes, true);
    }

    /** A count as a need's words print it, with thousands separators, e.g. {@code 100,000}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
