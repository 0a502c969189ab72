package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The {@code --prof} profilers of the trial this JVM runs, resumed just before each measured iteration's
 * timed span and paused just after it by whatever times the iteration; none (every call a no-op) unless
 * the trial opened them. A server the trial starts (the model under test of web and echo) profiles itself
 * with the same profilers and takes part ({@link #attach}): it is resumed and paused with the trial, and
 * its records join the trial's.
 */
public final class TrialProfiling {
    /**
     * The trial's profilers and where they write.
     *
     * @param base       the trial's profile files' base path ({@code <base>.jfr} …)
     * @param libraryDir where async-profiler's native library is unpacked
     */
    public record Setup(List<ProfilerSpec> specs, Path base, Path libraryDir) {
        public Setup {
            specs = List.copyOf(specs);
        }
    }

    /** Another JVM the trial profiles: resumed and paused with it, finished when it is closed. */
    public interface Participant {
        void resume();

        void pause();
    }

    private static volatile IterationProfilers current = IterationProfilers.none();
    private static volatile Setup setup;
    private static final List<Participant> participants = new CopyOnWriteArrayList<>();
    private static final List<ProfileRecord> finished = new CopyOnWriteArrayList<>();
    /** Whether this JVM's own profilers ran: not where JMH measures in its forks. */
    private static volatile boolean resumed;

    private TrialProfiling() {
    }

    /** Makes {@code setup}'s profilers the trial's. */
    public static void open(Setup value) {
        setup = value;
        current = IterationProfilers.of(value.specs(), value.base(), value.libraryDir());
    }

    /** The trial's profilers, for a JVM it starts; empty when it runs none. */
    public static Optional<Setup> setup() {
        return Optional.ofNullable(setup);
    }

    public static void attach(Participant p) {
        participants.add(p);
    }

    /** Records of JVMs the trial started and that are done (JMH's forks): they join the trial's. */
    public static void add(List<ProfileRecord> records) {
        finished.addAll(records);
    }

    /** {@code p} is done: its records join the trial's. */
    public static void detach(Participant p, List<ProfileRecord> records) {
        participants.remove(p);
        finished.addAll(records);
    }

    public static void resume() {
        resumed = true;
        current.resume();
        participants.forEach(Participant::resume);
    }

    /** Pauses the profilers; the metrics some of them measure over the iteration in this JVM ({@code gc}). */
    public static Map<String, Double> pause() {
        participants.forEach(Participant::pause);
        return current.pause();
    }

    /**
     * Ends the profiles and writes them; what each left, this JVM's first — left out when this JVM ran no
     * profiled iteration but JVMs it started did (JMH's forks).
     */
    public static List<ProfileRecord> finish() {
        IterationProfilers ending = current;
        current = IterationProfilers.none();
        setup = null;
        List<ProfileRecord> own = ending.finish();
        // A trial that measured only in JVMs of its own making (JMH's forks) has nothing of its own to show.
        List<ProfileRecord> out = new ArrayList<>(resumed || finished.isEmpty() ? own : List.of());
        out.addAll(finished);
        finished.clear();
        resumed = false;
        return out;
    }
}
