package dev.loomlab.junit;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * Runs one example test class through the JUnit Platform, as a user's build would: in this JVM
 * ({@link #run}), or in another one through {@link #main}, which prints each test's outcome for
 * {@link #parse} to read back.
 */
public final class ExampleRun {
    /** The configuration parameter that {@link ExampleCondition} asks for. */
    public static final String ENABLED = "loomlab.junit.examples";
    private static final String HEADER = "=== ";
    private static final Pattern HEADER_LINE = Pattern.compile("^=== (.+) (SUCCESSFUL|ABORTED|FAILED)$", Pattern.MULTILINE);

    /**
     * How one test ended.
     *
     * @param status its status
     * @param text   what it threw ({@code toString()}, then each suppressed one's), empty when nothing
     */
    public record Outcome(TestExecutionResult.Status status, String text) {
    }

    private ExampleRun() {
    }

    /** Runs {@code examples} with these configuration parameters; its tests' outcomes by display name. */
    public static Map<String, Outcome> run(Class<?> examples, Map<String, String> configuration) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(examples))
                .configurationParameters(configuration)
                .configurationParameter(ENABLED, "true")
                .build();
        Map<String, Outcome> outcomes = new ConcurrentHashMap<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                // A class that failed as a whole (its configuration) counts as an outcome too.
                if (id.isTest() || result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                    outcomes.put(id.getDisplayName(), new Outcome(result.getStatus(), result.getThrowable().map(ExampleRun::describe).orElse("")));
                }
            }
        });
        return new TreeMap<>(outcomes);
    }

    /** {@code ExampleRun CLASS}: runs that example class here and prints each outcome for {@link #parse}. */
    public static void main(String[] args) throws ClassNotFoundException {
        Map<String, Outcome> outcomes = run(Class.forName(args[0]), Map.of());
        PrintStream out = System.out;
        outcomes.forEach((name, o) -> {
            out.println(HEADER + name + " " + o.status());
            out.println(o.text());
        });
        out.flush();
    }

    /** The outcomes {@link #main} printed, by display name; what else the JVM printed between them is ignored. */
    public static Map<String, Outcome> parse(String output) {
        Map<String, Outcome> outcomes = new TreeMap<>();
        List<MatchResult> headers = HEADER_LINE.matcher(output).results().toList();
        for (int i = 0; i < headers.size(); i++) {
            MatchResult h = headers.get(i);
            int end = i + 1 < headers.size() ? headers.get(i + 1).start() : output.length();
            String text = output.substring(Math.min(h.end() + 1, end), end).strip();
            outcomes.put(h.group(1), new Outcome(TestExecutionResult.Status.valueOf(h.group(2)), text));
        }
        return outcomes;
    }

    private static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder(t.toString());
        for (Throwable s : t.getSuppressed()) {
            sb.append("\nsuppressed: ").append(s);
        }
        return sb.toString();
    }
}
