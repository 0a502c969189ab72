package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.outcome.ProfileRecord;
import dev.loomlab.core.result.Json;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.prof.FlameGraphPage;
import dev.loomlab.prof.FlameGraphs;
import dev.loomlab.prof.SampleKind;
import dev.loomlab.prof.TopFrames;
import dev.loomlab.prof.Verdict;
import dev.loomlab.prof.VirtualThreadView;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the loomlab process reads from a forked trial's profiles once the trial has ended, for the result's
 * {@code profiles}: each recording's HTML flame graph (beside it, {@code <recording>-<kind>.html}) and top
 * frames by self samples, and for a JFR recording the virtual-thread view with its verdict. A recording
 * that cannot be read keeps its file and says why in its note: the measurement is never affected.
 */
final class ProfileReading {
    private static final String JFR = ".jfr";
    private static final String ASYNC = "async:";

    private ProfileReading() {
    }

    /**
     * @param folder  the results folder, which the result's paths are relative to
     * @param logDir  the folder the trial wrote its profiles to (its log's)
     * @param title   what the flame graphs are of, e.g. {@code cpu-pi virtual terms=2000000}
     */
    static List<ResultProfile> read(Path folder, Path logDir, int fork, List<ProfileRecord> records, String title) {
        List<ResultProfile> out = new ArrayList<>();
        for (ProfileRecord r : records) {
            List<String> files = r.files().stream().map(n -> relative(folder, logDir.resolve(n))).toList();
            Path jfr = r.files().stream().filter(n -> n.endsWith(JFR)).findFirst().map(logDir::resolve).orElse(null);
            if (r.missing() || jfr == null) {
                out.add(new ResultProfile(fork, r.profiler(), r.process(), files, r.note(), r.error(), List.of(), null, null, null));
                continue;
            }
            out.add(readRecording(folder, fork, r, files, jfr, title));
        }
        return out;
    }

    private static ResultProfile readRecording(Path folder, int fork, ProfileRecord r, List<String> files, Path jfr, String title) {
        SampleKind kind = r.profiler().startsWith(ASYNC) ? SampleKind.of(r.profiler().substring(ASYNC.length())) : SampleKind.CPU;
        String note = r.note();
        List<String> flameGraphs = new ArrayList<>();
        JsonNode top = null;
        JsonNode view = null;
        String verdict = null;
        try {
            String name = jfr.getFileName().toString();
            Path html = jfr.resolveSibling(name.substring(0, name.length() - JFR.length()) + "-" + kind.id() + ".html");
            FlameGraphPage page = FlameGraphs.write(jfr, kind, title + ", fork " + fork
                    + (r.process() == null ? "" : ", " + r.process()) + ", " + r.profiler(), html);
            if (page.missing() == null) {
                flameGraphs.add(relative(folder, page.html()));
            } else {
                note = join(note, "no flame graph: " + page.missing());
            }
            top = Json.mapper().valueToTree(TopFrames.read(jfr, kind, TopFrames.TOP));
            if (!r.profiler().startsWith(ASYNC)) {
                VirtualThreadView threads = VirtualThreadView.read(jfr);
                view = Json.mapper().valueToTree(threads);
                verdict = Verdict.of(threads).map(Verdict::line).orElse(null);
            }
        } catch (IOException | RuntimeException e) {
            note = join(note, "the recording could not be read: " + e.getMessage());
        }
        return new ResultProfile(fork, r.profiler(), r.process(), files, note, null, flameGraphs, top, view, verdict);
    }

    private static String relative(Path folder, Path file) {
        return folder.toAbsolutePath().relativize(file.toAbsolutePath()).toString();
    }

    private static String join(String a, String b) {
        return a == null ? b : a + "; " + b;
    }
}
