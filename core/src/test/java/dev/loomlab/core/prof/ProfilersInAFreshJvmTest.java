package dev.loomlab.core.prof;

import dev.loomlab.core.process.BoundedCommand;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The profilers as a trial JVM uses them, each run in a JVM of its own: one whose async-profiler
 * library does not load (only a fresh JVM can show that: the library loads once per JVM), and a JDK 21
 * one, the oldest a trial runs on, started with the flags {@link ProfilerSpec#jvmFlags} asks for.
 */
class ProfilersInAFreshJvmTest {
    private static final Duration LIMIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    private static String run(String javaHome, List<String> flags, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(javaHome, "bin", "java").toString()));
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ProfiledIterations.class.getName()));
        command.addAll(List.of(args));
        Optional<BoundedCommand.Output> out = BoundedCommand.run(command, LIMIT);
        assertThat(out).as("the profiled JVM ended within " + LIMIT).isPresent();
        assertThat(out.get().exit()).as(out.get().text()).isZero();
        return out.get().text();
    }

    @Test
    void aLibraryThatDoesNotLoadLeavesTheProfileMissingAndTheIterationsMeasured() throws Exception {
        assumeTrue(AsyncProfilerLibrary.current().supported(), "async-profiler has no library for this platform");
        // where the library would be extracted, a file of the same name and size that is no library
        Path library = AsyncProfilerLibrary.current().extractTo(dir.resolve("real"));
        Path broken = Files.createDirectories(dir.resolve("broken")).resolve(library.getFileName());
        Files.write(broken, new byte[(int) Files.size(library)]);

        String out = run(System.getProperty("java.home"), ProfilerSpec.jvmFlags(List.of(ProfilerSpec.async("cpu"))),
                broken.getParent().toString(), dir.resolve("trial").toString(), "async:cpu");

        assertThat(out).contains("measured 2");
        assertThat(out).containsPattern("record async:cpu files=\\[] error=loading async-profiler failed: UnsatisfiedLinkError: .*"
                + broken.getFileName());
        assertThat(dir.resolve("trial.async-cpu.jfr")).doesNotExist();
    }

    @Test
    void everyProfilerRunsOnJdk21() throws Exception {
        String jdk21 = Jdk21Runtime.home();
        List<ProfilerSpec> specs = ProfilerSpec.parseAll(List.of("jfr", "async:cpu", "gc"));
        Path base = dir.resolve("trial");

        List<String> flags = new ArrayList<>(ProfilerSpec.jvmFlags(specs));
        flags.add("-XX:+UseG1GC");
        String out = run(jdk21, flags, dir.resolve("lib").toString(), base.toString(), "jfr", "async:cpu", "gc");

        assertThat(out).contains("record jfr files=[trial.jfr] error=null", "record async:cpu files=[trial.async-cpu.jfr] error=null",
                "record gc files=[] error=null", "measured 2");
        assertThat(out).containsPattern("metrics \\[.*" + Metric.ALLOCATED_MB.name() + ".*gc_churn_g1_eden_space_mb.*]");
        assertThat(out).doesNotContain("WARNING");
        for (String file : List.of("trial.jfr", "trial.async-cpu.jfr")) {
            var events = Profiles.events(dir.resolve(file));
            assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "firstIterationWork")).as(file).isPositive();
            assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "secondIterationWork")).as(file).isPositive();
            assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "warmUpWork")).as(file).isZero();
        }
    }
}
