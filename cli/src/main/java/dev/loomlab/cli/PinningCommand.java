package dev.loomlab.cli;

import dev.loomlab.core.param.Units;
import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.PinnedStackText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loomlab pinning [--threshold 20ms] [--fail-on-pinning] -- <java command…>}: runs any Java
 * program with a JFR recording of pinned virtual threads and reports how often, how long and where.
 * Exit 0, or 1 when the program failed, wrote no recording, or pinned with {@code --fail-on-pinning};
 * 2 when the command is not a Java program.
 */
@Command(name = "pinning", mixinStandardHelpOptions = true,
        description = {"Run a Java program with JFR and report where virtual threads were pinned to their carrier.",
                "A bare 'java', a .jar or JVM options run on the JDK running loomlab (or --jvm); a path to java runs that one."},
        footer = {"", "Examples:", "  loomlab pinning -- java -cp app.jar com.example.Main",
                "  loomlab pinning --fail-on-pinning -- app.jar --port 8080",
                "  loomlab pinning --threshold 0ms --jvm /opt/jdk-21 -- -cp build/classes com.example.Main"})
final class PinningCommand implements Callable<Integer> {
    private static final int FRAMES = 16;

    @Option(names = "--threshold", paramLabel = "DURATION", defaultValue = "20ms", converter = Converters.DurationConverter.class,
            description = "report pinned events at least this long (default ${DEFAULT-VALUE}, JFR's own; 0ms for every one)")
    Duration threshold;

    @Option(names = "--fail-on-pinning", description = "exit 1 when any virtual thread was pinned (for CI)")
    boolean failOnPinning;

    @Option(names = "--jvm", paramLabel = "JAVA_HOME", description = "the JDK (>= 21) for a bare java, a .jar or JVM options")
    String jvm;

    @Option(names = "--prof", paramLabel = "NAME[:OPTION]",
            description = "also profile the program's whole run: jfr (with the virtual-thread view), async[:cpu|wall|alloc|lock];"
                    + " repeatable; flame graphs and top frames go to --prof-dir (docs/profiling.md)")
    List<String> prof = new ArrayList<>();

    @Option(names = "--prof-dir", paramLabel = "DIR", description = "where --prof's recordings and flame graphs go"
            + " (default: results/pinning-<date>-<time>)")
    Path profDir;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "the Java program: java [options] MAIN [args] | app.jar [args] | [options] MAIN [args]")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        long thresholdNanos = threshold.toNanos();
        Jdk jdk = jvm == null ? Jdk.current() : Jdk.at(jvm);
        JavaProgram program = JavaProgram.parse(command, jdk);
        PrintStream out = System.out;
        ProgramProfiling profiling = prof.isEmpty() ? null : ProgramProfiling.of(prof, profDir != null ? profDir
                : Path.of("results", "pinning-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        out.printf("loomlab pinning: %s (Java %s), recording %s at %s and longer%n", program.jdk().java(),
                program.jdk().version(), PinnedEvents.EVENT, Units.formatDuration(thresholdNanos));
        out.flush();
        PinningScan.Outcome outcome = PinningScan.run(program, thresholdNanos, profiling == null ? List.of() : profiling.flags(),
                out, System.err);
        if (profiling != null) {
            ProfileText.print(ProfileReading.read(profiling.dir(), profiling.dir(), 1, profiling.records(),
                    "loomlab pinning: " + String.join(" ", command)), profiling.dir(), out);
        }
        out.printf("loomlab pinning: the program exited with code %d after %s s%n", outcome.exitCode(),
                Fmt.num(outcome.wallNanos() / 1e9));
        if (outcome.events() == null) {
            out.println("loomlab pinning: its JVM wrote no recording (it did not start, crashed, or halted without shutdown hooks)");
            return 1;
        }
        report(outcome.events(), thresholdNanos, out);
        if (outcome.exitCode() != 0) {
            return 1;
        }
        return failOnPinning && outcome.events().events() > 0 ? 1 : 0;
    }

    private void report(PinnedEvents events, long thresholdNanos, PrintStream out) {
        if (events.events() == 0) {
            out.printf("no virtual thread was pinned for %s or longer%n", Units.formatDuration(thresholdNanos));
            return;
        }
        out.printf(Locale.ROOT, "pinned: %,d %s, %s ms in total (each %s or longer)%n", events.events(),
                events.events() == 1 ? "event" : "events", Fmt.num(events.timeMs()), Units.formatDuration(thresholdNanos));
        List<PinnedStack> top = PinnedStack.top(events.stacks(), PinnedStack.TOP);
        out.printf("top %d of %d distinct stacks, innermost frame first (VirtualThread park frames left out):%n",
                top.size(), events.stacks().size());
        out.print(PinnedStackText.render(top, PinnedStack.TOP, FRAMES, "  "));
        if (failOnPinning) {
            out.println("loomlab pinning: pinning found (--fail-on-pinning): exit 1");
        }
    }
}
