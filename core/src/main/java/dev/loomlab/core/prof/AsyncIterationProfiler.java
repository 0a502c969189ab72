package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import one.profiler.AsyncProfiler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code --prof async:EVENT}: async-profiler, through its Java API, on for each measured iteration's
 * timed span — {@code start} before the first, {@code resume} before the others, {@code stop} after each
 * — writing JFR format. Each start or resume appends a chunk to the one output file, so the file holds
 * exactly the measured iterations. The library is extracted and loaded when this profiler is made,
 * before the warm-up. Sampling: {@code cpu} every 10 ms of CPU time (async-profiler's default; the
 * engine it really used is in the {@link AsyncEngineNote note}), {@code wall} every {@value #WALL_INTERVAL}
 * per thread whatever its state (async-profiler's default is 50 ms, too few samples for iterations of a
 * few hundred ms), {@code alloc} about every 512 KiB allocated and {@code lock} every contended monitor
 * or lock (async-profiler's defaults). Threads are not filtered: a virtual thread has no OS thread to
 * filter on, and shows up on its carrier while mounted.
 */
final class AsyncIterationProfiler extends GuardedProfiler {
    /** The wall-clock sampling interval per thread. */
    static final String WALL_INTERVAL = "10ms";

    private final Path target;
    private AsyncProfiler profiler;
    private Path work;
    private Path file;
    private boolean started;
    private boolean active;
    private boolean written;
    private String note;

    /**
     * @param target     where the profile goes
     * @param libraryDir where async-profiler's library is extracted ({@link AsyncProfilerLibrary#extractTo})
     */
    AsyncIterationProfiler(ProfilerSpec spec, Path target, Path libraryDir) {
        super(spec);
        this.target = target;
        try {
            Path library = AsyncProfilerLibrary.current().extractTo(libraryDir);
            work = Files.createTempDirectory("loomlab-async-");
            file = work.resolve("profile.jfr");
            if (file.toString().contains(",") || file.toString().contains("%")) {
                // async-profiler splits its options at commas and expands %p, %t … in file names
                throw new IllegalStateException("async-profiler cannot write to " + file + " (',' or '%' in the path)");
            }
            profiler = AsyncProfiler.getInstance(library.toString());
        } catch (Exception | LinkageError e) {
            failed("loading async-profiler", e);
        }
    }

    /** The command that starts ({@code start}) or continues ({@code resume}) profiling into the output file. */
    String command(String action) {
        StringBuilder command = new StringBuilder(action).append(",event=").append(spec().event());
        if (spec().event().equals("wall")) {
            command.append(",interval=").append(WALL_INTERVAL);
        }
        return command.append(",jfr,file=").append(file).toString();
    }

    @Override
    void start() throws Exception {
        profiler.execute(command(started ? "resume" : "start"));
        started = true;
        active = true;
    }

    @Override
    Map<String, Double> stop() throws Exception {
        profiler.execute("stop");
        active = false;
        return Map.of();
    }

    @Override
    ProfileRecord write() throws Exception {
        if (!started) {
            throw new IllegalStateException("no measured iteration was profiled");
        }
        try {
            note = AsyncEngineNote.of(spec().event(), file, WALL_INTERVAL);
        } catch (LinkageError e) {
            // the note reads the profile with JFR's parser, which a JVM without jdk.jfr lacks: the profile stands
            note = null;
        }
        written = true;
        ProfileFiles.moveInto(file, target);
        ProfileFiles.deleteTree(work);
        return ProfileRecord.written(spec(), List.of(target.getFileName().toString()), note);
    }

    @Override
    String note() {
        return note;
    }

    @Override
    void discard() {
        if (active) {
            active = false;
            try {
                profiler.execute("stop");
            } catch (Exception | LinkageError ignored) {
                // the profiler is failing already; stopping is all that was left to try
            }
        }
        ProfileFiles.deleteTree(work);
        if (written) {
            ProfileFiles.deleteQuietly(target);
        }
    }
}
