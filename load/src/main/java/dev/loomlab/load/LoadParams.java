package dev.loomlab.load;

import dev.loomlab.core.cpu.CpuSides;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of a load, declared once: their names (a scenario's {@code -p} parameters and, with {@code --},
 * {@code loomlab load}'s options), kinds, ranges and the defaults every load shares — and one load's values. The
 * {@code load} and {@code web} scenarios derive their {@link ParamSpec}s from the factories here, each with its own
 * defaults for the users, warm-up and duration and its own words; {@code loomlab load} names its options and their
 * defaults by the constants here; a result's parameters are {@link #given} of the values.
 *
 * @param users       closed model: users (0 with a rate)
 * @param rate        open model: requests per second (0 with users, and with a search)
 * @param warmup      load before measuring (a search: each step's)
 * @param duration    measured load (a search: each step's shortest measured span)
 * @param ramp        step load: +20% every interval
 * @param timeout     a request not answered within this is a timeout error
 * @param connections open model: the most connections
 * @param search      {@code rate=max}: how the search for the highest rate that meets the objective goes; null for a
 *                    fixed load
 */
public record LoadParams(int users, double rate, Duration warmup, Duration duration, Ramp ramp, Duration timeout,
                         int connections, Search search) {
    public static final String USERS = "users";
    public static final String RATE = "rate";
    public static final String WARMUP = "warmup";
    public static final String DURATION = "duration";
    public static final String RAMP = "ramp";
    public static final String TIMEOUT = "timeout";
    public static final String CONNECTIONS = "connections";
    public static final String START_RATE = "start-rate";
    public static final String MIN_RATE = "min-rate";
    public static final String PRECISION = "precision";
    /** The {@code rate} of a capacity search, and its model's name: {@code open:max}. */
    public static final String MAX = "max";

    /** The warm-up when none is given: none. */
    public static final String DEFAULT_WARMUP = "0s";
    /** A load's measured span when none is given ({@code loomlab load}; the web scenario measures 20 s per iteration). */
    public static final String DEFAULT_DURATION = "30s";
    public static final String DEFAULT_RAMP = "0s";
    public static final String DEFAULT_TIMEOUT = "30s";
    public static final String DEFAULT_START_RATE = "1000";
    public static final String DEFAULT_MIN_RATE = "100";
    public static final String DEFAULT_PRECISION = "0.05";

    /**
     * How a {@code rate=max} load searches: from {@code startRate}, no lower than {@code minRate}, to {@code precision}.
     */
    public record Search(double startRate, double minRate, double precision) {
    }

    /** {@code users}, at least 0 (0 with a rate). */
    public static ParamSpec usersParam(String defaultValue, String words) {
        return ParamSpec.count(USERS, defaultValue, 0, words);
    }

    /** {@code users} as a count of tasks: at least 1, small enough to index arrays. */
    public static ParamSpec usersAsTasksParam(String defaultValue, String words) {
        return ParamSpec.taskCount(USERS, defaultValue, words);
    }

    /** {@code rate}: requests per second up to {@link LoadSpec#MAX_RATE}, 0 by default, or {@value #MAX}. */
    public static ParamSpec rateParam(String words) {
        return ParamSpec.decimalOr(RATE, "0", 0, LoadSpec.MAX_RATE, List.of(MAX), words);
    }

    public static ParamSpec warmupParam(String defaultValue, String words) {
        return ParamSpec.duration(WARMUP, defaultValue, words);
    }

    public static ParamSpec durationParam(String defaultValue, String words) {
        return ParamSpec.duration(DURATION, defaultValue, words);
    }

    public static ParamSpec rampParam(String words) {
        return ParamSpec.duration(RAMP, DEFAULT_RAMP, words);
    }

    public static ParamSpec timeoutParam() {
        return ParamSpec.duration(TIMEOUT, DEFAULT_TIMEOUT, "a request not answered within this is a timeout error");
    }

    /** {@code connections}, at least 1, {@link LoadSpec#DEFAULT_CONNECTIONS} by default. */
    public static ParamSpec connectionsParam(String words) {
        return ParamSpec.count(CONNECTIONS, Integer.toString(LoadSpec.DEFAULT_CONNECTIONS), 1, words);
    }

    /** {@code connections} as a count of tasks: at least 1, small enough to index arrays. */
    public static ParamSpec connectionsAsTasksParam(String words) {
        return ParamSpec.taskCount(CONNECTIONS, Integer.toString(LoadSpec.DEFAULT_CONNECTIONS), words);
    }

    public static ParamSpec startRateParam(String words) {
        return ParamSpec.decimal(START_RATE, DEFAULT_START_RATE, 0, LoadSpec.MAX_RATE, words);
    }

    public static ParamSpec minRateParam() {
        return ParamSpec.decimal(MIN_RATE, DEFAULT_MIN_RATE, 0, LoadSpec.MAX_RATE, "rate=max: the lowest rate tried, per second");
    }

    public static ParamSpec precisionParam(String words) {
        return ParamSpec.decimal(PRECISION, DEFAULT_PRECISION, 0, 1, words);
    }

    /** {@code load-cpus}: the CPUs the load generator's JVM is started on (none given: not pinned). */
    public static ParamSpec loadCpusParam(String words) {
        return ParamSpec.cpus(CpuSides.LOAD, words);
    }

    /** {@code server-cpus}: the CPUs the server's JVM is started on (none given: not pinned). */
    public static ParamSpec serverCpusParam(String words) {
        return ParamSpec.cpus(CpuSides.SERVER, words);
    }

    /**
     * A scenario's load parameters: a duration or timeout of 0 is taken as a nanosecond (the smallest a load takes), and
     * {@code rate=max} is a search, its {@code rate} 0.
     */
    public static LoadParams of(ParamValues p) {
        boolean max = p.isWord(RATE, MAX);
        return new LoadParams(p.intCount(USERS), max ? 0 : p.decimal(RATE), Duration.ofNanos(p.durationNanos(WARMUP)),
                Duration.ofNanos(Math.max(1, p.durationNanos(DURATION))), new Ramp(p.durationNanos(RAMP)),
                Duration.ofNanos(Math.max(1, p.durationNanos(TIMEOUT))), p.intCount(CONNECTIONS),
                max ? new Search(p.decimal(START_RATE), p.decimal(MIN_RATE), p.decimal(PRECISION)) : null);
    }

    /** The parameters of one fixed load: {@code spec}'s. */
    public static LoadParams of(LoadSpec spec) {
        return new LoadParams(spec.users(), spec.rate(), spec.warmup(), spec.duration(), spec.ramp(), spec.timeout(),
                spec.connections(), null);
    }

    /** The load of these parameters against {@code target}, each 2xx answer carrying {@code expectBody} (null: any). */
    public LoadSpec spec(URI target, String expectBody) {
        return new LoadSpec(target, users, rate, rate > 0 ? connections : users, warmup, duration, ramp, timeout, expectBody);
    }

    /**
     * These values as a result's parameters, in their canonical units: a fixed load's users, rate, warm-up, duration,
     * ramp, timeout and connections; a search's {@code rate=max}, warm-up, duration, timeout, connections, start and
     * lowest rate and precision.
     */
    public Map<String, String> given() {
        Map<String, String> given = new LinkedHashMap<>();
        if (search == null) {
            given.put(USERS, Integer.toString(users));
            // Plain digits: Double.toString writes 1.0E7, which is no decimal a parameter takes.
            given.put(RATE, plain(rate));
        } else {
            given.put(RATE, MAX);
        }
        given.put(WARMUP, warmup.toNanos() + "ns");
        given.put(DURATION, duration.toNanos() + "ns");
        if (search == null) {
            given.put(RAMP, ramp.intervalNanos() + "ns");
        }
        given.put(TIMEOUT, timeout.toNanos() + "ns");
        given.put(CONNECTIONS, Integer.toString(connections));
        if (search != null) {
            given.put(START_RATE, plain(search.startRate()));
            given.put(MIN_RATE, plain(search.minRate()));
            given.put(PRECISION, plain(search.precision()));
        }
        return given;
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
