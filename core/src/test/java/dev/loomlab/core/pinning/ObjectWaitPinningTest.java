package dev.loomlab.core.pinning;

import dev.loomlab.core.process.BoundedCommand;
import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Whether {@code Object.wait} in a virtual thread (the pinning scenario's {@code lock=wait}) pins its
 * carrier, seen through carriers and time: JFR records no pinned event for it on JDK 21, so its event
 * count cannot tell. Each case runs {@link WaitingTasks} in a JVM of its own on a scheduler of
 * {@value #CARRIERS} carriers.
 */
class ObjectWaitPinningTest {
    private static final int TASKS = 6;
    private static final int CARRIERS = 2;
    /** One wait, ms: three rounds of it, pinned, stand well above one round and a JVM's start of its virtual threads. */
    private static final long HOLD_MS = 300;
    /** A hold that ends early once every task is waiting at once, so only a pinned run would sit it out. */
    private static final long BOUNDING_HOLD_MS = 20_000;
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);
    private static final Pattern LINE = Pattern.compile("at-once=(\\d+) carriers=(-?\\d+) wall-ms=(\\d+)");

    private record Run(int atOnce, int carriers, long wallMs) {
    }

    @Test
    void onJdk21AWaitHoldsItsCarrierSoTwoCarriersServeTheWaitsInRounds() throws Exception {
        Run r = run(Jdk21Runtime.home(), List.of("-Djdk.virtualThreadScheduler.maxPoolSize=" + CARRIERS), HOLD_MS);
        // Each waiting task holds one of the two carriers, and no third carrier may start to compensate.
        assertThat(r.atOnce()).isLessThanOrEqualTo(CARRIERS);
        long rounds = (TASKS + CARRIERS - 1) / CARRIERS;
        assertThat(r.wallMs()).isGreaterThanOrEqualTo(rounds * HOLD_MS);
    }

    @Test
    void onJdk21TheSchedulerStartsACarrierForEachWaitingTask() throws Exception {
        Run r = run(Jdk21Runtime.home(), List.of(), BOUNDING_HOLD_MS);
        // All six wait at once on a scheduler of two: only because each pinned wait got a carrier of its own.
        assertThat(r.atOnce()).isEqualTo(TASKS);
        assertThat(r.carriers()).isGreaterThanOrEqualTo(TASKS);
    }

    @Test
    void fromJdk24AWaitReleasesItsCarrier() throws Exception {
        assumeTrue(Runtime.version().feature() >= 24, "JEP 491 needs JDK 24+");
        Run r = run(System.getProperty("java.home"), List.of("-Djdk.virtualThreadScheduler.maxPoolSize=" + CARRIERS),
                BOUNDING_HOLD_MS);
        // Six waits at once on at most two carriers: the waiting tasks hold none.
        assertThat(r.atOnce()).isEqualTo(TASKS);
    }

    private static Run run(String javaHome, List<String> flags, long holdMs) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(javaHome, "bin", "java").toString(),
                "-Djdk.virtualThreadScheduler.parallelism=" + CARRIERS));
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), WaitingTasks.class.getName(),
                Integer.toString(TASKS), Long.toString(holdMs)));
        Optional<BoundedCommand.Output> out = BoundedCommand.run(command, RUN_LIMIT);
        assertThat(out).as("WaitingTasks ended within " + RUN_LIMIT).isPresent();
        assertThat(out.get().exit()).as(out.get().text()).isZero();
        Matcher m = LINE.matcher(out.get().text());
        assertThat(m.find()).as(out.get().text()).isTrue();
        return new Run(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)));
    }
}
