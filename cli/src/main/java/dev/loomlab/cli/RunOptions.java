package dev.loomlab.cli;

import dev.loomlab.core.Defaults;
import picocli.CommandLine.Option;

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

    @Option(names = "--forks", paramLabel = "N", description = "forked JVMs per result (default " + Defaults.FORKS + ", or the suite's; 0 = in-process, for debugging)")
    Integer forks;

    @Option(names = "--warmup", paramLabel = "N", description = "warm-up iterations per fork (default " + Defaults.WARMUP + ", or the suite's or scenario's)")
    Integer warmup;

    @Option(names = "--iterations", paramLabel = "N", description = "measured iterations per fork (default " + Defaults.ITERATIONS + ", or the suite's)")
    Integer iterations;

    @Option(names = "--jvm", paramLabel = "JAVA_HOME",
            description = "run the trials on this JDK (>= 21); repeat to compare JDKs (default: the JDK running loomlab)")
    List<String> jvms = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "\"FLAGS\"", description = "extra flags for every trial JVM, e.g. \"-Xmx2g -XX:+UseZGC\"")
    String jvmArgs = "";

    /** Used when {@code --timeout} is not given. */
    static final String DEFAULT_TIMEOUT = "20m";

    @Option(names = "--timeout", paramLabel = "DURATION", description = "limit for one trial JVM (default 20m)")
    String timeout;

    @Option(names = "--out", paramLabel = "DIR", description = "results folder (default results/<timestamp>)")
    String out;

    @Option(names = "--sample-threads",
            description = "sample thread counts every 10 ms during each iteration for the daemon / non-daemon peaks"
                    + " (a sampler thread then runs beside the model; off by default)")
    boolean sampleThreads;

    /** True when no option was given. */
    boolean isEmpty() {
        return models.isEmpty() && params.isEmpty() && forks == null && warmup == null && iterations == null
                && jvms.isEmpty() && jvmArgs.isEmpty() && timeout == null && out == null && !sampleThreads;
    }
}
