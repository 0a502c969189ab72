package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A trial's use of the profilers, in a JVM of its own for the tests that need a fresh one: the profilers
 * made, a warm-up, two measured iterations, then one line per profile record and the iterations measured.
 * Arguments: the library directory, the base path, the {@code --prof} values.
 */
public final class ProfiledIterations {

    private ProfiledIterations() {
    }

    public static void main(String[] args) {
        List<ProfilerSpec> specs = ProfilerSpec.parseAll(Arrays.asList(args).subList(2, args.length));
        IterationProfilers profilers = IterationProfilers.of(specs, Path.of(args[1]), Path.of(args[0]));
        Work.warmUpWork(50);
        int measured = 0;
        profilers.resume();
        Work.firstIterationWork(100);
        Map<String, Double> metrics = profilers.pause();
        measured++;
        profilers.resume();
        Work.secondIterationWork(100);
        profilers.pause();
        measured++;
        for (ProfileRecord r : profilers.finish()) {
            System.out.println("record " + r.profiler() + " files=" + r.files() + " error=" + r.error());
        }
        System.out.println("metrics " + metrics.keySet());
        System.out.println("measured " + measured);
    }
}
