package dev.loomlab.bench;

import dev.loomlab.core.gc.GcLog;
import dev.loomlab.core.gc.GcLogging;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.MeasuredSpan;
import dev.loomlab.core.outcome.TrialOutcome;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The GC pauses of a JMH run's measured iterations, which JMH runs in forks of its own: each fork writes
 * a unified GC log beside the trial's ({@code <trial>.jmh-fork-<pid>.gc.log}, kept in the results folder)
 * and its measured iterations' spans ({@link ForkSpans}, in a scratch folder); after the run each
 * measured iteration gets the pauses its fork logged inside its span.
 */
final class JmhForkGc implements AutoCloseable {
    private final Path trialGcLog;
    private final Path forkGcLog;
    private final Path spansDir;

    private JmhForkGc(Path trialGcLog, Path spansDir) {
        this.trialGcLog = trialGcLog;
        this.forkGcLog = GcLogging.sibling(trialGcLog, "jmh-fork-%p");
        this.spansDir = spansDir;
    }

    /** For a trial JVM that writes a GC log; empty in a JVM without one (the CLI's, {@code --forks 0}). */
    static Optional<JmhForkGc> forThisTrial() throws IOException {
        Optional<Path> log = GcLogging.ofThisJvm();
        return log.isEmpty() ? Optional.empty()
                : Optional.of(new JmhForkGc(log.get(), Files.createTempDirectory("loomlab-jmh-spans-")));
    }

    /**
     * The forks' JVM flags: this JVM's own (what JMH gives its forks by default) with the trial's GC log
     * replaced by the fork's, and the folder {@link ForkSpans} writes to.
     */
    List<String> forkJvmArgs() {
        String trialFlag = GcLogging.flag(trialGcLog);
        List<String> args = new ArrayList<>(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.equals(trialFlag))
                .toList());
        args.add(GcLogging.flag(forkGcLog));
        args.add("-D" + ForkSpans.DIR_PROPERTY + "=" + spansDir.toAbsolutePath());
        return args;
    }

    /**
     * {@code outcome}, whose iterations are the forks' measured iterations fork by fork, with each one's span
     * and the pauses inside it and the collector the logs name; unchanged when the spans or logs found do
     * not match {@code iterationsPerFork} (a fork that died, GC logging turned off): no figures then.
     */
    TrialOutcome applyTo(TrialOutcome outcome, List<Integer> iterationsPerFork) throws IOException {
        List<Map.Entry<Long, List<MeasuredSpan>>> forks = ForkSpans.read(spansDir).entrySet().stream()
                .filter(e -> !e.getValue().isEmpty())
                .sorted(Comparator.comparingLong(e -> e.getValue().get(0).startNanos()))
                .toList();
        if (forks.size() != iterationsPerFork.size()) {
            return outcome;
        }
        List<IterationResult> iterations = new ArrayList<>();
        String collector = null;
        int next = 0;
        for (int f = 0; f < forks.size(); f++) {
            List<MeasuredSpan> spans = forks.get(f).getValue();
            Path log = GcLogging.withPid(forkGcLog, forks.get(f).getKey());
            if (spans.size() != iterationsPerFork.get(f) || !Files.isRegularFile(log)) {
                return outcome;
            }
            GcLog gc = GcLog.read(log);
            if (gc.collector() == null) {
                return outcome;
            }
            collector = gc.collector();
            for (MeasuredSpan span : spans) {
                iterations.add(outcome.iterations().get(next++).withSpan(span).withGcPauses(gc.pausesIn(span)));
            }
        }
        return outcome.withGc(collector, iterations);
    }

    /** Removes the scratch folder of spans; one left behind in the temp folder does not fail the trial. */
    @Override
    public void close() {
        try (var files = Files.list(spansDir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(spansDir);
        } catch (IOException e) {
            System.out.println("jmh: could not remove " + spansDir + ": " + e.getMessage());
        }
    }
}
