package dev.loomlab.bench;

import dev.loomlab.core.outcome.ProgressListener;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.util.Collection;

/** JMH's own console output, plus a loomlab progress event after every warm-up and measured iteration. */
final class ProgressFormat implements OutputFormat {
    private final OutputFormat out;
    private final ProgressListener progress;

    ProgressFormat(OutputFormat out, ProgressListener progress) {
        this.out = out;
        this.progress = progress;
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        out.iterationResult(benchParams, params, iteration, data);
        out.flush();
        progress.progress(params.getType() == IterationType.WARMUP ? "warmup" : "measure", iteration, params.getCount());
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        out.iteration(benchParams, params, iteration);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        out.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        out.endBenchmark(result);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        out.endRun(result);
    }

    @Override
    public void print(String s) {
        out.print(s);
    }

    @Override
    public void println(String s) {
        out.println(s);
    }

    @Override
    public void flush() {
        out.flush();
    }

    /** Flushes only: the delegate writes to this JVM's System.out, which must stay open. */
    @Override
    public void close() {
        out.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        out.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }
}
