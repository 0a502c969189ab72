package dev.loomlab.core.prof;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code --prof} profilers of a JVM a profiled trial starts — a server under test, a JMH fork — in that
 * JVM: the trial passes them as system properties ({@link #flags}); they are resumed and paused around the
 * same measured iterations (by command for a server, by JMH for its forks) and written at the end, their
 * records to a file the trial reads ({@link ProfileRecordFile}). A {@code %p} in the name becomes the JVM's pid.
 */
public final class ChildProfiling {
    private static final String SPECS = "loomlab.prof.specs";
    private static final String BASE = "loomlab.prof.base";
    private static final String LIB = "loomlab.prof.lib";
    private static final String RECORDS = "loomlab.prof.records";

    private final IterationProfilers profilers;
    private final Path records;

    private ChildProfiling(IterationProfilers profilers, Path records) {
        this.profilers = profilers;
        this.records = records;
    }

    /**
     * The flags that make a JVM the trial starts profile itself like the trial: the profilers' JVM flags and the
     * properties naming them, its files {@code <trial base>.<name>.*}, its records in {@code records}.
     */
    public static List<String> flags(TrialProfiling.Setup setup, String name, Path records) {
        List<String> out = new ArrayList<>(ProfilerSpec.jvmFlags(setup.specs()));
        out.add("-D" + SPECS + "=" + String.join(",", setup.specs().stream().map(ProfilerSpec::toString).toList()));
        out.add("-D" + BASE + "=" + setup.base().resolveSibling(setup.base().getFileName() + "." + name));
        out.add("-D" + LIB + "=" + setup.libraryDir());
        out.add("-D" + RECORDS + "=" + records);
        return out;
    }

    /** This JVM's profilers, from its system properties; none when its trial profiles nothing. */
    public static ChildProfiling fromProperties() {
        String specs = System.getProperty(SPECS);
        if (specs == null || specs.isEmpty()) {
            return new ChildProfiling(IterationProfilers.none(), null);
        }
        String pid = Long.toString(ProcessHandle.current().pid());
        return new ChildProfiling(IterationProfilers.of(ProfilerSpec.parseAll(Arrays.asList(specs.split(","))),
                Path.of(System.getProperty(BASE).replace("%p", pid)), Path.of(System.getProperty(LIB))),
                Path.of(System.getProperty(RECORDS).replace("%p", pid)));
    }

    public void resume() {
        profilers.resume();
    }

    public void pause() {
        profilers.pause();
    }

    /** Writes the profiles and their records. */
    public void finish() throws IOException {
        if (records != null) {
            ProfileRecordFile.write(profilers.finish(), records);
        }
    }
}
