package dev.loomlab.cli;

import dev.loomlab.core.Defaults;
import dev.loomlab.core.prof.AsyncProfilerLibrary;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.slo.SloPolicy;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The options of {@code loomlab run} (and of the bare {@code loomlab}, which runs the quick suite). */
public final class RunOptions {
    @Option(names = {"-m", "--model"}, split = ",", paramLabel = "MODEL",
            description = "models to compare, e.g. virtual,platform:200 (default: each scenario's own)")
    List<String> models = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE",
            description = "a scenario parameter; a comma list (sleep=100ms,200ms) is a sweep. Values take units: 300ms, 2s, 10k")
    List<String> params = new ArrayList<>();

    @Option(names = "--task", paramLabel = "CLASS",
            description = "scenario task: your task's class (a Runnable, Callable or Supplier<CompletionStage>; see docs/your-code.md)")
    String task;

    @Option(names = "--classpath", paramLabel = "CP",
            description = "scenario task: where your task and its libraries are (folders, jars, DIR/*, separated by ':')")
    String classpath;

    @Option(names = "--forks", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "forked JVMs per result (default " + Defaults.FORKS + ", or the suite's; 0 = in-process, for debugging)")
    Integer forks;

    @Option(names = "--warmup", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "warm-up iterations per fork (default " + Defaults.WARMUP + ", or the suite's or scenario's)")
    Integer warmup;

    @Option(names = "--iterations", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "measured iterations per fork (default " + Defaults.ITERATIONS + ", or the suite's)")
    Integer iterations;

    @Option(names = "--jvm", paramLabel = "JAVA_HOME",
            description = "run the trials on this JDK (>= 21); repeat to compare JDKs (default: the JDK running loomlab)")
    List<String> jvms = new ArrayList<>();

    @Option(names = "--jvm-arg", paramLabel = "FLAG", converter = Converters.NonBlankConverter.class,
            description = "an extra flag for every trial JVM, taken whole, e.g. --jvm-arg=-Xmx2g; repeat for more")
    List<String> jvmArg = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "\"FLAGS\"", hideParamSyntax = true, split = "\\s+",
            converter = Converters.JvmFlagConverter.class,
            description = "extra flags for every trial JVM in one argument, split at spaces (a \"double-quoted\" part "
                    + "stays whole), e.g. \"-Xmx2g -XX:+UseZGC\"; before any --jvm-arg")
    List<String> jvmArgs = new ArrayList<>();

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

    @Option(names = "--prof", paramLabel = "NAME[:OPTION]",
            description = "profile the measured iterations of every trial JVM: jfr (a JFR recording, with the virtual-thread"
                    + " view), async[:cpu|wall|alloc|lock] (async-profiler, default cpu), gc (allocation and churn per"
                    + " iteration); repeatable; flame graphs and top frames go to the reports (docs/profiling.md)")
    List<String> prof = new ArrayList<>();

    @Option(names = "--dry-run", description = "print the plan — every result with its rounds and an estimated duration — and run nothing")
    boolean dryRun;

    /** True when no option was given. */
    boolean isEmpty() {
        return models.isEmpty() && params.isEmpty() && task == null && classpath == null && forks == null && warmup == null && iterations == null
                && jvms.isEmpty() && jvmArgs.isEmpty() && jvmArg.isEmpty() && timeout == null && out == null && !resume && !sampleThreads && slo == null && prof.isEmpty() && !dryRun;
    }

    /** The extra trial JVM flags: those of {@code --jvm-args}, then each {@code --jvm-arg}. */
    List<String> jvmArgs() {
        List<String> all = new ArrayList<>();
        jvmArgs.stream().filter(a -> !a.isEmpty()).forEach(all::add);
        all.addAll(jvmArg);
        return all;
    }

    /**
     * The {@code --prof} profilers; an unknown one, a repeated one, or async-profiler on a platform its jar has
     * no library for is bad input.
     */
    List<ProfilerSpec> profilers() {
        List<ProfilerSpec> specs = ProfilerSpec.parseAll(prof);
        if (specs.stream().anyMatch(s -> s.kind() == ProfilerSpec.Kind.ASYNC)) {
            AsyncProfilerLibrary.current().requireSupported();
        }
        return specs;
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
