package dev.loomlab.core.server;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Choice;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.param.ParamValues;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which {@link Endpoint} a server under test answers with, and that endpoint's sizes: {@code work} the CPU
 * time a {@code cpu} request computes (ns), {@code retain} the bytes a {@code memory} request allocates
 * and retains, {@code cache} the most entries the server's {@link UserCache} holds, {@code db-connections}
 * the size of the connection pool the {@code db*} endpoints share, {@code batch} the rows a
 * {@code db-write-batch} request inserts in its one transaction, {@code db-latency} how long a {@code db-sleep}
 * request's query waits in the database (ns). A server receives it as words after its positional arguments
 * ({@link #words}, {@code endpoint=cpu work=10ms …}).
 */
public record EndpointSpec(Endpoint kind, long workNanos, int retainBytes, int cacheEntries, int dbConnections, int batch,
                           long dbLatencyNanos) {
    /** The parameter that chooses the endpoint. */
    public static final ParamSpec ENDPOINT = ParamSpec.choice("endpoint", Endpoint.SLEEP,
            "what each request does: sleep (waits the delay), cpu (computes for work of CPU time), "
                    + "memory (allocates retain bytes of a random user into the server's bounded cache), "
                    + "db (reads a random user from the run's PostgreSQL), db-write (inserts one row, committed), "
                    + "db-write-batch (inserts batch rows in one transaction), db-write-buffered (hands one row to a"
                    + " writer that inserts what queued every 200 ms or 1,024 rows in one transaction; answered once"
                    + " committed), db-sleep (waits db-latency in PostgreSQL,"
                    + " holding a connection)");
    /** The CPU time of a {@code cpu} request. */
    public static final ParamSpec WORK = new ParamSpec("work", ParamType.DURATION, "10ms", TimeUnit.MICROSECONDS.toNanos(1),
            TimeUnit.SECONDS.toNanos(60), "endpoint=cpu: the CPU time each request computes");
    /** The bytes a {@code memory} request retains. */
    public static final ParamSpec RETAIN = new ParamSpec("retain", ParamType.COUNT, "10k", 1, 64L << 20,
            "endpoint=memory: bytes each request allocates and retains in the cache");
    /** The entries the server's cache holds at most. */
    public static final ParamSpec CACHE = new ParamSpec("cache", ParamType.COUNT, "10k", 1, UserCache.USERS,
            "endpoint=memory: most entries the server's cache retains (at most one per user of the pool of 10,000)");
    /**
     * The connections of the server's pool for the db endpoints; not {@code connections}, which is the load
     * generator's in the web scenario.
     */
    public static final ParamSpec DB_CONNECTIONS = new ParamSpec("db-connections", ParamType.COUNT, "10", 1, 1_000,
            "endpoint=db*: the server's database connection pool size (HikariCP; r2dbc-pool on webflux)");
    /** The rows a {@code db-write-batch} request inserts. */
    public static final ParamSpec BATCH = new ParamSpec("batch", ParamType.COUNT, "10", 1, 10_000,
            "endpoint=db-write-batch: rows each request inserts in its one transaction");
    /**
     * How long a {@code db-sleep} request's query waits in the database; the db scenario's {@code latency}, named
     * apart as {@code db-connections} is.
     */
    public static final ParamSpec DB_LATENCY = new ParamSpec("db-latency", ParamType.DURATION, "20ms", 0,
            TimeUnit.SECONDS.toNanos(60), "endpoint=db-sleep: how long each request's query waits in PostgreSQL (pg_sleep),"
            + " holding its connection");
    /** Every parameter of an endpoint, in the order listed. */
    public static final List<ParamSpec> PARAMS = List.of(ENDPOINT, WORK, RETAIN, CACHE, DB_CONNECTIONS, BATCH, DB_LATENCY);

    /** Article 004's endpoint with this class's default sizes. */
    public static final EndpointSpec DEFAULT = of(Endpoint.SLEEP);

    /** @throws BadInputException when a size is outside its parameter's range */
    public EndpointSpec {
        WORK.parse(WORK.canonical(workNanos));
        RETAIN.parse(Long.toString(retainBytes));
        CACHE.parse(Long.toString(cacheEntries));
        DB_CONNECTIONS.parse(Long.toString(dbConnections));
        BATCH.parse(Long.toString(batch));
        DB_LATENCY.parse(DB_LATENCY.canonical(dbLatencyNanos));
    }

    /** {@code kind} with the default sizes. */
    public static EndpointSpec of(Endpoint kind) {
        return new EndpointSpec(kind, (Long) WORK.parse(WORK.defaultValue()), defaultInt(RETAIN), defaultInt(CACHE),
                defaultInt(DB_CONNECTIONS), defaultInt(BATCH), (Long) DB_LATENCY.parse(DB_LATENCY.defaultValue()));
    }

    private static int defaultInt(ParamSpec count) {
        return Math.toIntExact((Long) count.parse(count.defaultValue()));
    }

    /** The spec a scenario's parameters give, {@link #PARAMS} among them. */
    public static EndpointSpec of(ParamValues p) {
        return new EndpointSpec(p.choice(ENDPOINT.name(), Endpoint.class), p.durationNanos(WORK.name()),
                Math.toIntExact(p.count(RETAIN.name())), Math.toIntExact(p.count(CACHE.name())),
                Math.toIntExact(p.count(DB_CONNECTIONS.name())), Math.toIntExact(p.count(BATCH.name())),
                p.durationNanos(DB_LATENCY.name()));
    }

    /**
     * Whether a scenario run with {@code p} needs the run's database: its {@code endpoint} parameter names a
     * kind that {@linkplain Endpoint#usesDatabase uses one}. How the web scenario, whose sleep, cpu and memory
     * endpoints need none, asks for a database only when a db endpoint is planned.
     */
    public static boolean needsDatabase(ParamValues p) {
        String word = p.canonical().get(ENDPOINT.name());
        return word != null && Choice.words(Endpoint.class).contains(word) && Choice.of(Endpoint.class, word).usesDatabase();
    }

    /**
     * The spec given as {@code name=value} pairs of {@link #PARAMS} (a value parsed by its parameter, a name
     * not among them refused); the defaults for the rest.
     *
     * @throws BadInputException naming the pair that is wrong
     */
    public static EndpointSpec parse(List<String> pairs) {
        EndpointSpec spec = DEFAULT;
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            ParamSpec param = PARAMS.stream().filter(p -> p.name().equals(name)).findFirst()
                    .orElseThrow(() -> new BadInputException("'" + pair + "' is not one of endpoint=, work=, retain=, cache=, "
                            + "db-connections=, batch=, db-latency="));
            spec = spec.with(param, param.parse(pair.substring(eq + 1)));
        }
        return spec;
    }

    /** This spec with {@code param} set to {@code value}, as {@link ParamSpec#parse} returned it. */
    public EndpointSpec with(ParamSpec param, Object value) {
        return switch (param.name()) {
            case "endpoint" -> new EndpointSpec(Choice.of(Endpoint.class, (String) value), workNanos, retainBytes, cacheEntries,
                    dbConnections, batch, dbLatencyNanos);
            case "work" -> new EndpointSpec(kind, (Long) value, retainBytes, cacheEntries, dbConnections, batch, dbLatencyNanos);
            case "retain" -> new EndpointSpec(kind, workNanos, Math.toIntExact((Long) value), cacheEntries, dbConnections, batch,
                    dbLatencyNanos);
            case "cache" -> new EndpointSpec(kind, workNanos, retainBytes, Math.toIntExact((Long) value), dbConnections, batch,
                    dbLatencyNanos);
            case "db-connections" -> new EndpointSpec(kind, workNanos, retainBytes, cacheEntries, Math.toIntExact((Long) value), batch,
                    dbLatencyNanos);
            case "batch" -> new EndpointSpec(kind, workNanos, retainBytes, cacheEntries, dbConnections, Math.toIntExact((Long) value),
                    dbLatencyNanos);
            case "db-latency" -> new EndpointSpec(kind, workNanos, retainBytes, cacheEntries, dbConnections, batch, (Long) value);
            default -> throw new IllegalArgumentException("not an endpoint parameter: " + param.name());
        };
    }

    /** The pairs {@link #parse} reads back into this spec. */
    public List<String> words() {
        List<String> words = new ArrayList<>();
        words.add(ENDPOINT.name() + "=" + kind.word());
        words.add(WORK.name() + "=" + WORK.canonical(workNanos));
        words.add(RETAIN.name() + "=" + retainBytes);
        words.add(CACHE.name() + "=" + cacheEntries);
        words.add(DB_CONNECTIONS.name() + "=" + dbConnections);
        words.add(BATCH.name() + "=" + batch);
        words.add(DB_LATENCY.name() + "=" + DB_LATENCY.canonical(dbLatencyNanos));
        return words;
    }

    /** Rows one request of this endpoint writes: 1, {@code batch}, or 0 for the kinds that write none. */
    public int rowsPerRequest() {
        return switch (kind) {
            case DB_WRITE, DB_WRITE_BUFFERED -> 1;
            case DB_WRITE_BATCH -> batch;
            case SLEEP, CPU, MEMORY, DB, DB_SLEEP -> 0;
        };
    }

    /** What a request of this endpoint does, for a log line: {@code cpu 10 ms}, {@code sleep 300 ms}. */
    public String describe(long delayMillis) {
        return switch (kind) {
            case SLEEP -> "sleep " + delayMillis + " ms";
            case CPU -> "cpu " + WORK.canonical(workNanos) + " of CPU time";
            case MEMORY -> "memory " + retainBytes + " bytes retained, cache of " + cacheEntries + " entries";
            case DB -> "db: a random user read by primary key, pool of " + dbConnections + " connections";
            case DB_WRITE -> "db-write: one row inserted and committed, pool of " + dbConnections + " connections";
            case DB_WRITE_BATCH -> "db-write-batch: " + batch + " rows inserted in one transaction, pool of " + dbConnections
                    + " connections";
            case DB_WRITE_BUFFERED -> "db-write-buffered: one row handed to a writer that commits every 200 ms or"
                    + " 1,024 rows";
            case DB_SLEEP -> "db-sleep: pg_sleep(" + DB_LATENCY.canonical(dbLatencyNanos) + ") holding a connection, pool of "
                    + dbConnections + " connections";
        };
    }
}
