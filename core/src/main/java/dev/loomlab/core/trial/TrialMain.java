package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.scenario.ScenarioCatalog;

import dev.loomlab.core.probe.HelperThreads;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The main class of a forked trial JVM: {@code TrialMain <spec.json> <outcome.json>}. Reads the spec,
 * runs it, writes the outcome atomically, prints progress lines ({@value #PROGRESS} phase done/total)
 * for the parent. Exit 0 when it wrote an outcome, 1 when the trial itself threw.
 */
public final class TrialMain {
    /** Prefix of the progress lines on stdout. */
    public static final String PROGRESS = "#loomlab-progress ";
    /** Exit code when the parent went away before the trial finished. */
    static final int PARENT_GONE = 3;

    private TrialMain() {
    }

    /**
     * Ends this JVM when the loomlab process that forked it is gone (its end of our stdin pipe closes),
     * so a killed run leaves no trial behind.
     */
    private static void watchParent() {
        HelperThreads.start("loomlab-parent-watch", () -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent never writes; keep waiting for end of stream
                }
            } catch (IOException ignored) {
                // a broken pipe means the same: the parent is gone
            }
            Runtime.getRuntime().halt(PARENT_GONE);
        });
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: TrialMain <spec.json> <outcome.json>");
            System.exit(2);
        }
        watchParent();
        Path out = Path.of(args[1]);
        TrialSpec spec = Json.mapper().readValue(Path.of(args[0]).toFile(), TrialSpec.class);
        System.out.println("loomlab trial: " + spec.scenario() + " " + spec.model() + " " + spec.params()
                + " on Java " + System.getProperty("java.runtime.version"));
        TrialOutcome outcome;
        int exit = 0;
        try {
            outcome = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load())
                    .execute(spec, (phase, done, total) -> System.out.println(PROGRESS + phase + " " + done + "/" + total));
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            System.out.println(trace);
            outcome = TrialOutcome.failed("trial threw " + t, JvmInfo.current());
            exit = 1;
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        Json.mapper().writeValue(tmp.toFile(), outcome);
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        System.out.flush();
        // Leftover non-daemon threads of a model must not keep the trial alive.
        System.exit(exit);
    }
}
