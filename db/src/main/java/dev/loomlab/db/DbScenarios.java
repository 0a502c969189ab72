package dev.loomlab.db;

import dev.loomlab.core.param.Choice;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.Bound;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioProvider;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.workload.FailedCalls;

import java.time.Duration;
import java.util.List;

/** Scenario {@code db}: calls to a real PostgreSQL through a connection pool (docs/database.md). */
public final class DbScenarios implements ScenarioProvider {
    /** Parameter: the pool's size. */
    public static final String CONNECTIONS = "connections";

    @Override
    public List<Scenario> scenarios() {
        return List.of(db());
    }

    private static Scenario db() {
        return Scenario.of(ScenarioDescription.named("db")
                        .summary("N calls to a real PostgreSQL, each holding one of a pool's connections: JDBC + HikariCP on blocking models, R2DBC + r2dbc-pool on async; pool wait, timeouts, commits")
                        .reproduces("003", "database behind a connection pool: pool sizing, write strategies")
                        .params(ParamSpec.tasks("1000"),
                                ParamSpec.choice("op", DbOp.READ, "each call: read a random user, slow (pg_sleep), write one row, or write-batch rows in one transaction"),
                                ParamSpec.duration("latency", "20ms", "the server-side wait of op=slow (pg_sleep)"),
                                ParamSpec.count(CONNECTIONS, "10", 1, "the connection pool's size (HikariCP, r2dbc-pool)"),
                                ParamSpec.count("batch", "10", 1, "rows one write-batch call inserts in its one transaction"),
                                ParamSpec.duration("acquire-timeout", "30s", "how long a call waits for a connection before it fails (counted)"),
                                ParamSpec.count("seed", "1", 0, "seed of the random users' keys"))
                        .models("platform:10", "platform:100", "virtual", "virtual-bounded:10", "coroutines-io", "async")
                        .bound(Bound.calibrated("tasks", CONNECTIONS))
                        .traits(Trait.SERIAL_TIMING, Trait.SCHEDULING_OVERHEAD, Trait.RECORDS_PINNING)
                        .needs((p, model) -> MachineNeeds.NONE.withDatabase())
                        .metrics(FailedCalls.METRIC).metrics(DbMetrics.ALL).metrics(ServerMetrics.DB_POOL)
                        .build(),
                p -> new DbWorkload(p.intCount("tasks"), p.choice("op", DbOp.class), Duration.ofNanos(p.durationNanos("latency")),
                        p.intCount("batch"), p.intCount(CONNECTIONS), Duration.ofNanos(p.durationNanos("acquire-timeout")),
                        p.intCount("seed")));
    }
}
