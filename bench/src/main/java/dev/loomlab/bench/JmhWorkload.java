package dev.loomlab.bench;

import dev.loomlab.core.memory.PlatformThreadCeiling;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.ProfileRecord;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.prof.ChildProfiling;
import dev.loomlab.core.prof.ProfileRecordFile;
import dev.loomlab.core.prof.TrialProfiling;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.workload.ThreadsWorkload;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A workload measured by one JMH benchmark, on a thread kind. Its trial JVM hosts JMH: {@code --forks}
 * become JMH forks, {@code --warmup} and {@code --iterations} its warm-up and measured iterations, the
 * parameter {@code iteration-time} the length of each; JMH's own figures (from Runner.run()'s RunResults) come back as the result's
 * {@code jmh} (score, error, unit, settings) and each measured iteration's score as a sample of
 * {@code metric}, with the metrics {@code derived} from it.
 *
 * @param benchmark       the benchmark method, e.g. {@code ThreadStartBenchmark.class.getName() + ".startAndAwait"}
 * @param metric          the metric the score is, e.g. {@code batch_ms}
 * @param unit            the unit JMH reports the score in, matching {@code metric}, e.g. {@code ms/op}
 * @param jmhParams       the benchmark's {@code @Param} values besides {@code kind}
 * @param platformThreads platform threads alive at once, checked against the machine's ceiling
 * @param iterationMs     each JMH warm-up and measured iteration's length, ms
 * @param derived         metrics derived from one iteration's score (e.g. a rate)
 */
record JmhWorkload(String benchmark, MetricKey metric, String unit, Map<String, String> jmhParams, long platformThreads,
                   long iterationMs, Function<Double, Map<String, Double>> derived) implements ThreadsWorkload {

    /** A fork's profile files' name part and its records' suffix; {@code %p} is the fork's pid. */
    private static final String FORK = "jmh-fork-%p";
    private static final String RECORDS = ".profiles";

    @Override
    public TrialOutcome runTrial(TrialSpec spec, ThreadKind kind, ProgressListener progress)
            throws InterruptedException {
        if (kind == ThreadKind.PLATFORM) {
            PlatformThreadCeiling.requireRoomFor(platformThreads);
        }
        try (ForkGcScope gc = ForkGcScope.open(spec.forks())) {
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + Pattern.quote(benchmark) + "$")
                    .param("kind", kind.modelName())
                    .forks(spec.forks())
                    .warmupIterations(spec.warmup())
                    .warmupTime(TimeValue.milliseconds(iterationMs))
                    .measurementIterations(spec.iterations())
                    .measurementTime(TimeValue.milliseconds(iterationMs))
                    .shouldFailOnError(true);
            jmhParams.forEach(options::param);
            gc.forks().ifPresent(f -> options.jvmArgs(f.forkJvmArgs().toArray(String[]::new)).addProfiler(ForkSpans.class));
            // JMH measures in its forks: --prof profiles them, each as a JVM the trial started.
            Optional<TrialProfiling.Setup> profiling = spec.forks() > 0 ? TrialProfiling.setup() : Optional.empty();
            profiling.ifPresent(p -> options.jvmArgsAppend(ChildProfiling.flags(p, FORK, p.libraryDir().resolve(FORK + RECORDS))
                    .toArray(String[]::new)).addProfiler(ForkProfiling.class));
            Collection<RunResult> results = new Runner(options.build(), new ProgressFormat(
                    OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL), progress)).run();
            if (profiling.isPresent()) {
                TrialProfiling.add(forkProfiles(profiling.get().libraryDir()));
            }
            JmhResult jmh = JmhResult.of(results);
            TrialOutcome outcome = outcome(jmh);
            return gc.forks().isPresent() && outcome.status() == Status.OK
                    ? gc.forks().get().applyTo(outcome, jmh.rawData().stream().map(List::size).toList())
                    : outcome;
        } catch (RunnerException e) {
            return TrialOutcome.failed("JMH: " + message(e), JvmInfo.current());
        } catch (IllegalStateException e) {
            return TrialOutcome.failed("JMH's result could not be read: " + e.getMessage(), JvmInfo.current());
        } catch (IOException e) {
            return TrialOutcome.failed("JMH's GC logs could not be read: " + e.getMessage(), JvmInfo.current());
        }
    }

    /** The profile records the forks wrote, in the order the forks ended, each named for its fork. */
    private static List<ProfileRecord> forkProfiles(Path dir) throws IOException {
        List<Path> files;
        try (var listed = Files.list(dir)) {
            files = listed.filter(f -> f.getFileName().toString().startsWith("jmh-fork-") && f.getFileName().toString().endsWith(RECORDS))
                    .sorted(Comparator.comparing(JmhWorkload::modified)).toList();
        }
        List<ProfileRecord> out = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            String name = "JMH fork " + (i + 1);
            ProfileRecordFile.read(files.get(i)).forEach(r -> out.add(r.of(name)));
        }
        return out;
    }

    private static FileTime modified(Path f) {
        try {
            return Files.getLastModifiedTime(f);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** The forks' GC logging for one run: none when JMH measures in this JVM ({@code forks} 0) or it has no GC log. */
    private record ForkGcScope(Optional<JmhForkGc> forks) implements AutoCloseable {
        static ForkGcScope open(int forks) throws IOException {
            return new ForkGcScope(forks > 0 ? JmhForkGc.forThisTrial() : Optional.empty());
        }

        @Override
        public void close() {
            forks.ifPresent(JmhForkGc::close);
        }
    }

    /** Each measured iteration's score as a sample of {@link #metric()}, with JMH's own figures beside. */
    TrialOutcome outcome(JmhResult jmh) {
        if (!unit.equals(jmh.run().unit())) {
            return TrialOutcome.failed("JMH reported " + jmh.run().unit() + ", expected " + unit, JvmInfo.current());
        }
        List<IterationResult> iterations = new ArrayList<>();
        for (List<Double> fork : jmh.rawData()) {
            for (double score : fork) {
                Map<String, Double> metrics = new LinkedHashMap<>();
                metrics.put(metric.name(), score);
                metrics.putAll(derived.apply(score));
                iterations.add(IterationResult.of(metrics, null));
            }
        }
        if (iterations.isEmpty()) {
            return TrialOutcome.failed("JMH measured no iteration", JvmInfo.current());
        }
        return TrialOutcome.ok(JvmInfo.current(), Form.THREADS.name(), null, null, iterations).with(JmhRun.SECTION, jmh.run());
    }

    private static String message(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    }
}
