package dev.loomlab.core.server;

import dev.loomlab.core.prof.IterationProfilers;
import dev.loomlab.core.prof.ProfileRecordFile;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.prof.TrialProfiling;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code --prof} profilers of a server under test, in the server's JVM: the trial that starts it passes
 * them as system properties ({@link #flags}), resumes and pauses them with its own measured iterations
 * ({@code prof-resume}, {@code prof-pause}) and has them written at its end ({@code prof-finish}), the
 * records to a file it reads ({@link ProfileRecordFile}).
 */
final class ServerProfiling {
    private static final String SPECS = "loomlab.prof.specs";
    private static final String BASE = "loomlab.prof.base";
    private static final String LIB = "loomlab.prof.lib";
    private static final String RECORDS = "loomlab.prof.records";

    private final IterationProfilers profilers;
    private final Path records;

    private ServerProfiling(IterationProfilers profilers, Path records) {
        this.profilers = profilers;
        this.records = records;
    }

    /**
     * The flags that make a server profile itself like the trial: the profilers' JVM flags and the
     * properties naming them, its files {@code <trial base>.<name>.*}, its records in {@code records}.
     */
    static List<String> flags(TrialProfiling.Setup setup, String name, Path records) {
        List<String> out = new ArrayList<>(ProfilerSpec.jvmFlags(setup.specs()));
        out.add("-D" + SPECS + "=" + String.join(",", setup.specs().stream().map(ProfilerSpec::toString).toList()));
        out.add("-D" + BASE + "=" + setup.base().resolveSibling(setup.base().getFileName() + "." + name));
        out.add("-D" + LIB + "=" + setup.libraryDir());
        out.add("-D" + RECORDS + "=" + records);
        return out;
    }

    /** This server's profilers, from its system properties; none when the trial profiles nothing. */
    static ServerProfiling fromProperties() {
        String specs = System.getProperty(SPECS);
        if (specs == null || specs.isEmpty()) {
            return new ServerProfiling(IterationProfilers.none(), null);
        }
        return new ServerProfiling(IterationProfilers.of(ProfilerSpec.parseAll(Arrays.asList(specs.split(","))),
                Path.of(System.getProperty(BASE)), Path.of(System.getProperty(LIB))), Path.of(System.getProperty(RECORDS)));
    }

    void resume() {
        profilers.resume();
    }

    void pause() {
        profilers.pause();
    }

    /** Writes the profiles and their records. */
    void finish() throws IOException {
        if (records != null) {
            ProfileRecordFile.write(profilers.finish(), records);
        }
    }
}
