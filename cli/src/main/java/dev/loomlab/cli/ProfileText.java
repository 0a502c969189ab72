package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.prof.ResultProfile;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Profiles on the console ({@code loomlab pinning --prof}): where each recording and flame graph is, its top frames, the verdict. */
final class ProfileText {
    private static final int FRAMES = 5;

    private ProfileText() {
    }

    /** @param dir the folder the profiles' paths are relative to */
    static void print(List<ResultProfile> profiles, Path dir, PrintStream out) {
        for (ResultProfile p : profiles) {
            out.printf("profile %s: %s%n", p.profiler(), p.error() != null ? "missing — " + p.error()
                    : String.join(", ", p.files().stream().map(f -> dir.resolve(f).toString()).toList()));
            p.flameGraphs().forEach(f -> out.printf("  flame graph: %s%n", dir.resolve(f)));
            if (p.note() != null) {
                out.printf("  %s%n", p.note());
            }
            JsonNode top = p.topFrames();
            if (top != null && top.path("frames").size() > 0) {
                out.printf(Locale.ROOT, "  top frames by self samples (%s, %,d samples):%n", top.path("kind").asText(),
                        top.path("samples").asLong());
                int n = 0;
                for (JsonNode f : top.get("frames")) {
                    if (n++ == FRAMES) {
                        break;
                    }
                    out.printf(Locale.ROOT, "    %5.1f%% self %5.1f%% total  %s%n", f.path("self_pct").asDouble(),
                            f.path("total_pct").asDouble(), f.path("frame").asText());
                }
            }
            if (p.verdict() != null) {
                out.printf("  virtual threads: %s%n", p.verdict());
            }
        }
    }
}
