package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.outcome.JavaVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code loomlab}: with no command, runs the quick suite; see {@code loomlab --help}. */
@Command(name = "loomlab", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"A benchmark lab for the JVM's concurrency models.",
                "With no command, runs the quick suite (about a minute on 2 cores) and prints what it showed, one line per scenario."},
        footer = {"", "Results: results/<timestamp>/ (results.jsonl, results.csv, report.md, report.html, summary.json, logs/).",
                "Tests: ./loomlab test. Docs: docs/methodology.md, docs/scenarios.md, docs/results.md."},
        subcommands = {ListCommand.class, RunCommand.class, ReportCommand.class, CompareCommand.class, AdviseCommand.class,
                PinningCommand.class, ServeCommand.class, LoadCommand.class, AssessCommand.class, LoadAgentCommand.class, NewCommand.class,
                DoctorCommand.class})
public final class Main implements Callable<Integer> {
    /** Exit code for input loomlab cannot accept. */
    public static final int BAD_INPUT = 2;

    @Mixin
    RunOptions options = new RunOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return RunCommand.execute(List.of("quick"), options, typed(spec));
    }

    /** The command line as the user typed it, first word {@code loomlab}: for summary.json and the {@code --resume} hint. */
    static List<String> typed(CommandSpec spec) {
        List<String> words = new ArrayList<>(List.of("loomlab"));
        CommandLine top = spec.commandLine();
        while (top.getParent() != null) {
            top = top.getParent();
        }
        words.addAll(top.getParseResult().originalArgs());
        return words;
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI and returns its exit code: 0 all ok, 1 a result not ok or an internal error, 2 bad input. */
    public static int run(String... args) {
        CommandLine cli = new CommandLine(new Main());
        // Everything after the program's first word is the program's, even without '--'.
        cli.getSubcommands().get("pinning").setStopAtPositional(true);
        // picocli's own warnings (e.g. an unbalanced quote in --jvm-args) would be a second line: the
        // converters say what is wrong instead.
        CommandLine.tracer().setLevel(CommandLine.TraceLevel.OFF);
        cli.setParameterExceptionHandler((e, a) -> {
            System.err.println("loomlab: " + message(e));
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof BadInputException) {
                System.err.println("loomlab: " + e.getMessage());
                return BAD_INPUT;
            }
            if (e instanceof RunStopped stopped) {
                System.err.println("loomlab: " + stopped.getMessage());
                return stopped.exitCode();
            }
            throw e;
        });
        return cli.execute(args);
    }

    /**
     * One line for a value picocli could not take: a converter's own words after the option's name
     * ({@code --timeout: '10' needs a unit …}), else picocli's with a pointer to the help.
     */
    static String message(CommandLine.ParameterException e) {
        if (e.getCause() instanceof BadInputException bad) {
            return (e.getArgSpec() instanceof CommandLine.Model.OptionSpec option ? option.longestName() + ": " : "")
                    + bad.getMessage();
        }
        return e.getMessage() + " (see 'loomlab --help')";
    }

    /** The version from the build. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"loomlab " + Environment.version() + " on Java " + JavaVersion.current().text()};
        }
    }
}
