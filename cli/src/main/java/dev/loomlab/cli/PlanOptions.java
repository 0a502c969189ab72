package dev.loomlab.cli;

import dev.loomlab.core.prof.AsyncProfilerLibrary;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.scenario.Rounds;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run would run, beyond its scenarios and suites: models, parameters, the user's task, JDKs, trial flags and
 * profilers. The options {@code loomlab run} and {@code loomlab doctor} share ({@link RunOptions} adds how it runs).
 */
public class PlanOptions {
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

    @Option(names = "--prof", paramLabel = "NAME[:OPTION]",
            description = "profile the measured iterations of every trial JVM: jfr (a JFR recording, with the virtual-thread"
                    + " view), async[:cpu|wall|alloc|lock] (async-profiler, default cpu), gc (allocation and churn per"
                    + " iteration); repeatable; flame graphs and top frames go to the reports (docs/profiling.md)")
    List<String> prof = new ArrayList<>();

    /** The rounds given on the command line; none for a command that only plans. */
    Rounds rounds() {
        return new Rounds(null, null, null);
    }

    /** {@code --timeout} when given, else null. */
    Duration timeoutGiven() {
        return null;
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
}
