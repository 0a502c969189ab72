package dev.loomlab.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the CLI in this JVM and captures its exit code, stdout and stderr. A {@code run} that may fork
 * trials and names no {@code --timeout} gets {@value #TEST_TIMEOUT} per trial JVM, so that a hung trial
 * fails its test in minutes rather than after the 20-minute default.
 */
final class CliHarness {
    record Outcome(int exit, String out, String err) {
    }

    private CliHarness() {
    }

    private static String[] withTimeout(String[] args) {
        List<String> all = List.of(args);
        boolean forks = !all.isEmpty() && all.get(0).equals("run") && !all.contains("--dry-run")
                && all.stream().noneMatch(a -> a.equals("--timeout") || a.startsWith("--timeout="))
                && !String.join(" ", all).contains("--forks 0");
        if (!forks) {
            return args;
        }
        List<String> longer = new ArrayList<>(List.of("run", "--timeout", TEST_TIMEOUT));
        longer.addAll(all.subList(1, all.size()));
        return longer.toArray(String[]::new);
    }

    static final String TEST_TIMEOUT = "3m";

    static synchronized Outcome run(String... args) {
        args = withTimeout(args);
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = Main.run(args);
            return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** {@link #run} of {@code args} then {@code --out out}, which must exit 0 (its stdout and stderr say why when not). */
    static Outcome runInto(Path out, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--out");
        all.add(out.toString());
        Outcome o = run(all.toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        return o;
    }

    /** Bad input as the CLI reports it: exit 2, nothing on stdout, one line on stderr naming {@code text}, no stack trace. */
    static void assertBadInput(Outcome o, String text) {
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: ").contains(text).doesNotContain("Exception");
        assertThat(o.out()).isEmpty();
    }
}
