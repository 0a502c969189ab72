package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.outcome.ProfileRecord;
import dev.loomlab.core.prof.AsyncProfilerLibrary;
import dev.loomlab.core.prof.JfrEvents;
import dev.loomlab.core.prof.ProfilerSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --prof} for a whole Java program ({@code loomlab pinning -- <command>}), which has no measured
 * iterations: the JVM flags that record its whole run — JFR's {@code profile} settings with the virtual-thread
 * view's events ({@link JfrEvents}), async-profiler as an agent started with the JVM and dumped at its exit —
 * and the records of the files they wrote, for {@link ProfileReading}.
 *
 * @param specs the profilers; {@code gc} is refused (its figures are per measured iteration)
 * @param dir   where the recordings go
 */
record ProgramProfiling(List<ProfilerSpec> specs, Path dir) {
    static final String BASE = "program";

    /** The profilers of {@code values}, checked: bad input for {@code gc} or a platform async-profiler lacks. */
    static ProgramProfiling of(List<String> values, Path dir) {
        List<ProfilerSpec> specs = ProfilerSpec.parseAll(values);
        for (ProfilerSpec s : specs) {
            if (s.kind() == ProfilerSpec.Kind.GC) {
                throw new BadInputException("--prof gc measures per iteration: a whole program's run takes jfr and async");
            }
            if (s.kind() == ProfilerSpec.Kind.ASYNC) {
                AsyncProfilerLibrary.current().requireSupported();
            }
        }
        return new ProgramProfiling(specs, dir);
    }

    /** The flags that record the program's whole run into {@link #dir}. */
    List<String> flags() throws IOException {
        Files.createDirectories(dir);
        List<String> out = new ArrayList<>(ProfilerSpec.jvmFlags(specs));
        for (ProfilerSpec s : specs) {
            Path file = dir.resolve(BASE + s.fileSuffix()).toAbsolutePath();
            if (s.kind() == ProfilerSpec.Kind.JFR) {
                StringBuilder jfr = new StringBuilder("-XX:StartFlightRecording=name=loomlab-prof,settings=profile,dumponexit=true,filename=")
                        .append(file);
                JfrEvents.settings().forEach((setting, value) -> jfr.append(',').append(setting).append('=')
                        .append(value.replace(" ", "")));
                out.add(jfr.toString());
            } else {
                Path library = AsyncProfilerLibrary.current().extractTo(dir);
                out.add("-agentpath:" + library.toAbsolutePath() + "=start,event=" + s.event() + ",jfr,file=" + file);
            }
        }
        return out;
    }

    /** What each profiler left in {@link #dir} once the program has ended. */
    List<ProfileRecord> records() {
        List<ProfileRecord> out = new ArrayList<>();
        for (ProfilerSpec s : specs) {
            String name = BASE + s.fileSuffix();
            Path file = dir.resolve(name);
            boolean written = Files.isRegularFile(file) && file.toFile().length() > 0;
            out.add(written ? ProfileRecord.written(s, List.of(name), null)
                    : ProfileRecord.missing(s, null, "the program's JVM wrote no " + name
                    + " (it did not start, crashed, or halted without shutdown hooks)"));
        }
        return out;
    }
}
