package dev.loomlab.bench;

import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.memory.PlatformThreadCeiling;
import dev.loomlab.core.scenario.HarnessScenario;
import dev.loomlab.core.trial.IterationResult;
import dev.loomlab.core.trial.JvmInfo;
import dev.loomlab.core.trial.ProgressListener;
import dev.loomlab.core.trial.TrialOutcome;
import dev.loomlab.core.trial.TrialSpec;
import dev.loomlab.core.workload.NotApplicableException;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A scenario measured by one JMH benchmark. Its trial JVM hosts JMH: {@code --forks} become JMH forks,
 * {@code --warmup} and {@code --iterations} its warm-up and measured iterations, the parameter
 * {@code iteration-time} the length of each; the {@code RunResult} JMH's runner returns comes back as the
 * result's {@code jmh} (score, error, unit, settings) and each measured iteration's score as a sample of the
 * scenario's metric.
 */
abstract class JmhScenario implements HarnessScenario {
    static final String A003 = "003_9d87b967f81160c1.txt";

    /** The benchmark method, e.g. {@code ThreadStartBenchmark.class.getName() + ".startAndAwait"}. */
    abstract String benchmark();

    /** The metric the score is, its name ending in the unit, e.g. {@code wall_ms}. */
    abstract String metric();

    /** The unit JMH reports the score in, matching {@link #metric()}, e.g. {@code ms/op}. */
    abstract String unit();

    /** The benchmark's {@code @Param} values (besides {@code kind}) for these parameters. */
    abstract Map<String, String> jmhParams(ParamValues params);

    /** Platform threads alive at once with these parameters, checked against the machine's ceiling. */
    abstract long platformThreads(ParamValues params);

    /** This scenario's own parameters; {@code iteration-time} is added to them. */
    abstract List<ParamSpec> ownParams();

    /** Metrics derived from one iteration's score (e.g. a rate); none by default. */
    Map<String, Double> derived(double score, ParamValues params) {
        return Map.of();
    }

    @Override
    public final List<ParamSpec> params() {
        List<ParamSpec> all = new ArrayList<>(ownParams());
        all.add(ParamSpec.duration("iteration-time", "1s",
                "length of each JMH warm-up and measured iteration (JMH -w/-r)"));
        return all;
    }

    @Override
    public boolean runsAllForks() {
        return true;
    }

    @Override
    public TrialOutcome runTrial(TrialSpec spec, ParamValues params, ThreadKind kind, ProgressListener progress)
            throws InterruptedException {
        if (kind == ThreadKind.PLATFORM) {
            PlatformThreadCeiling ceiling = PlatformThreadCeiling.detect();
            long needed = platformThreads(params);
            if (needed > ceiling.threads()) {
                throw new NotApplicableException(String.format(java.util.Locale.ROOT,
                        "%,d platform threads at once is above this machine's safe ceiling of %,d (%s)", needed,
                        ceiling.threads(), ceiling.limitedBy()));
            }
        }
        try {
            long iterationMs = Math.max(1, Math.round(params.durationMillis("iteration-time")));
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + Pattern.quote(benchmark()) + "$")
                    .param("kind", kind.modelName())
                    .forks(spec.forks())
                    .warmupIterations(spec.warmup())
                    .warmupTime(TimeValue.milliseconds(iterationMs))
                    .measurementIterations(spec.iterations())
                    .measurementTime(TimeValue.milliseconds(iterationMs))
                    .shouldFailOnError(true);
            jmhParams(params).forEach(options::param);
            Collection<RunResult> results = new Runner(options.build(), new ProgressFormat(
                    OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL), progress)).run();
            return outcome(JmhResult.of(results), params);
        } catch (RunnerException e) {
            return TrialOutcome.failed("JMH: " + message(e), JvmInfo.current());
        } catch (IllegalStateException e) {
            return TrialOutcome.failed("JMH's result could not be read: " + e.getMessage(), JvmInfo.current());
        }
    }

    /** Each measured iteration's score as a sample of {@link #metric()}, with JMH's own figures beside. */
    TrialOutcome outcome(JmhResult jmh, ParamValues params) {
        if (!unit().equals(jmh.run().unit())) {
            return TrialOutcome.failed("JMH reported " + jmh.run().unit() + ", expected " + unit(), JvmInfo.current());
        }
        List<IterationResult> iterations = new ArrayList<>();
        for (List<Double> fork : jmh.rawData()) {
            for (double score : fork) {
                Map<String, Double> metrics = new LinkedHashMap<>();
                metrics.put(metric(), score);
                metrics.putAll(derived(score, params));
                iterations.add(new IterationResult(metrics, null));
            }
        }
        if (iterations.isEmpty()) {
            return TrialOutcome.failed("JMH measured no iteration", JvmInfo.current());
        }
        return new TrialOutcome(TrialOutcome.OK, null, JvmInfo.current(), null, null, iterations, jmh.run());
    }

    private static String message(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    }
}
