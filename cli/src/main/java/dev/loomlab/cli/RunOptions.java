package dev.loomlab.cli;

import dev.loomlab.core.Defaults;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.slo.SloPolicy;
import picocli.CommandLine.Option;

import java.time.Duration;

/** The options of {@code loomlab run} (and of the bare {@code loomlab}, which runs the quick suite): the plan's, and how it runs. */
public final class RunOptions extends PlanOptions {
    @Option(names = "--forks", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "forked JVMs per result (default " + Defaults.FORKS + ", or the suite's; 0 = in-process, for debugging)")
    Integer forks;

    @Option(names = "--warmup", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "warm-up iterations per fork (default " + Defaults.WARMUP + ", or the suite's or scenario's)")
    Integer warmup;

    @Option(names = "--iterations", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "measured iterations per fork (default " + Defaults.ITERATIONS + ", or the suite's)")
    Integer iterations;

    /** Used when {@code --timeout} is not given. */
    static final Duration DEFAULT_TIMEOUT = Defaults.TIMEOUT;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "limit for one trial JVM (default 20m)")
    Duration timeout;

    @Option(names = "--out", paramLabel = "DIR", converter = Converters.NonBlankConverter.class,
            description = "results folder (default results/<timestamp>)")
    String out;

    @Option(names = "--resume",
            description = "continue the run that made --out DIR: keep its ok results, run the failed and missing ones"
                    + " (the same scenarios and options as that run)")
    boolean resume;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", converter = Converters.NonBlankConverter.class,
            description = "run database scenarios against this PostgreSQL (jdbc:postgresql://HOST[:PORT]/DATABASE; user and"
                    + " password from LOOMLAB_DB_USER and LOOMLAB_DB_PASSWORD) instead of the embedded one loomlab starts")
    String dbUrl;

    @Option(names = "--sample-threads",
            description = "sample thread counts every 10 ms during each iteration for the daemon / non-daemon peaks"
                    + " (a sampler thread then runs beside the model; off by default)")
    boolean sampleThreads;

    /** What {@code --slo} says, for {@code run} and {@code load} alike. */
    static final String SLO_HELP = "judge each result against this objective: p50|p90|p99|p999|max<DURATION, errors<PERCENT%%,"
            + " rate>N/s, comma-separated (default for web and load: p99<500ms,errors<1%%; none for the others;"
            + " 'none' judges none). A breach is marked in the reports and is a regression for 'loomlab compare'";

    @Option(names = "--slo", paramLabel = "SPEC", converter = Converters.SloConverter.class, description = SLO_HELP)
    SloPolicy slo;

    @Option(names = "--dry-run", description = "print the plan — every result with its rounds and an estimated duration — and run nothing")
    boolean dryRun;

    /** True when no option was given. */
    boolean isEmpty() {
        return models.isEmpty() && params.isEmpty() && task == null && classpath == null && forks == null && warmup == null && iterations == null
                && jvms.isEmpty() && jvmArgs.isEmpty() && jvmArg.isEmpty() && timeout == null && out == null && !resume && !sampleThreads && slo == null && prof.isEmpty() && !dryRun;
    }

    @Override
    Rounds rounds() {
        return new Rounds(forks, warmup, iterations);
    }

    @Override
    Duration timeoutGiven() {
        return timeout;
    }

    /** {@code --slo}, or the default: article 003's objective for web results, none for the others. */
    SloPolicy slo() {
        return slo != null ? slo : SloPolicy.DEFAULT;
    }

    /** {@code --timeout}, or the default of 20 minutes. */
    Duration timeout() {
        return timeout != null ? timeout : DEFAULT_TIMEOUT;
    }
}
