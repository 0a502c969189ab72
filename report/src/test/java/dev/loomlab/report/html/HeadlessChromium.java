package dev.loomlab.report.html;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Chromium run headless on a local file, offline: every host name resolves to nothing, so a page that
 * tried to load anything from a network would log an error. Debian's {@code chromium} (installed by
 * .ci/run), or {@code LOOMLAB_CHROMIUM}.
 */
final class HeadlessChromium {
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");
    private static final long TIMEOUT_SECONDS = 180;

    private final Path binary;
    private final Path profile;

    private HeadlessChromium(Path binary, Path profile) {
        this.binary = binary;
        this.profile = profile;
    }

    /**
     * The browser; the test is skipped without one, except where the run requires every test (CI=true, or
     * LOOMLAB_REQUIRE_ALL_TESTS=true, which .ci/run sets itself), where it fails.
     */
    static HeadlessChromium require(Path work) throws IOException {
        Optional<Path> found = find();
        if ("true".equals(System.getenv("CI")) || "true".equals(System.getenv("LOOMLAB_REQUIRE_ALL_TESTS"))) {
            assertThat(found).as("Chromium for the browser test (.ci/run installs Debian's chromium)").isPresent();
        }
        assumeTrue(found.isPresent(), "no chromium on PATH (apt-get install chromium); browser test skipped");
        return new HeadlessChromium(found.get(), Files.createDirectories(work.resolve("chromium-profile")));
    }

    static Optional<Path> find() {
        String explicit = System.getenv("LOOMLAB_CHROMIUM");
        if (explicit != null && !explicit.isBlank()) {
            return Optional.of(Path.of(explicit)).filter(Files::isExecutable);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : NAMES) {
                Path p = Path.of(dir, name);
                if (!dir.isEmpty() && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** The page's DOM after its scripts ran, and the browser's log (console messages appear as CONSOLE lines). */
    record Page(String dom, String log) {
        /** What report.js wrote into #render-check, or null when it never finished. */
        String renderCheck() {
            int start = dom.indexOf("<pre id=\"render-check\"");
            if (start < 0) {
                return null;
            }
            start = dom.indexOf('>', start) + 1;
            String text = dom.substring(start, dom.indexOf("</pre>", start));
            return text.isEmpty() ? null : text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        }

        List<String> consoleLines() {
            return log.lines().filter(l -> l.contains("CONSOLE")).toList();
        }
    }

    Page dumpDom(Path html) throws IOException, InterruptedException {
        Path out = Files.createTempFile(profile.getParent(), "dom", ".html");
        Path err = Files.createTempFile(profile.getParent(), "chromium", ".log");
        run(List.of("--enable-logging=stderr", "--v=0", "--dump-dom", html.toUri().toString()), out, err);
        return new Page(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    void screenshot(Path html, Path png, int height) throws IOException, InterruptedException {
        Path out = Files.createTempFile(profile.getParent(), "shot", ".out");
        run(List.of("--hide-scrollbars", "--window-size=1280," + height, "--screenshot=" + png.toAbsolutePath(),
                html.toUri().toString()), out, out);
    }

    private void run(List<String> args, Path out, Path err) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=" + profile,
                "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=30000", "--window-size=1280,900"));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
        }
        assertThat(p.exitValue()).as("chromium exit code; log: " + Files.readString(err)).isZero();
    }
}
