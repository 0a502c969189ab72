package dev.loomlab.bench;

import dev.loomlab.core.outcome.MeasuredSpan;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A JMH profiler that runs in each JMH fork and appends every measured iteration's span, in the fork's
 * {@link System#nanoTime()}, to {@code <dir>/<pid>.spans} ({@code dir} from the system property
 * {@value #DIR_PROPERTY}), one {@code start end} line per iteration: the spans the fork's GC pauses are
 * picked out of its GC log with. JMH calls it just before and just after each iteration, outside the
 * benchmark's own timing; warm-up iterations are not written.
 */
public final class ForkSpans implements InternalProfiler {
    /** The system property naming the folder the spans are written to. */
    public static final String DIR_PROPERTY = "loomlab.jmh.spans";
    private static final String EXTENSION = ".spans";

    private long start;

    @Override
    public String getDescription() {
        return "loomlab: the measured iterations' spans, for the GC pauses inside them";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        start = System.nanoTime();
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                 IterationResult result) {
        long end = System.nanoTime();
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir != null && iterationParams.getType() == IterationType.MEASUREMENT) {
            try {
                Files.writeString(file(Path.of(dir), ProcessHandle.current().pid()), start + " " + end + "\n",
                        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.of();
    }

    /** The spans file of the fork with {@code pid}. */
    static Path file(Path dir, long pid) {
        return dir.resolve(pid + EXTENSION);
    }

    /** Each fork's spans in {@code dir}, by pid. */
    static Map<Long, List<MeasuredSpan>> read(Path dir) throws IOException {
        Map<Long, List<MeasuredSpan>> out = new HashMap<>();
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(EXTENSION)).toList()) {
                String name = f.getFileName().toString();
                long pid = Long.parseLong(name.substring(0, name.length() - EXTENSION.length()));
                List<MeasuredSpan> spans = new ArrayList<>();
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    String[] parts = line.trim().split(" ");
                    if (parts.length == 2) {
                        spans.add(new MeasuredSpan(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
                    }
                }
                out.put(pid, spans);
            }
        }
        return out;
    }
}
