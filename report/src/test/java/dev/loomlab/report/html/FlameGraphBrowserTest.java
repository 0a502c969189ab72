package dev.loomlab.report.html;

import dev.loomlab.prof.FlameGraphPage;
import dev.loomlab.prof.FlameGraphs;
import dev.loomlab.prof.SampleKind;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A flame graph page of a real recording renders offline in headless Chromium: its script sizes the canvas
 * and draws without an error (no network: Chromium resolves no host here).
 */
class FlameGraphBrowserTest {
    @TempDir
    Path tmp;

    /** Burns CPU for {@code millis}, on top of the stack where the samples find it. */
    static double spinForFlameGraph(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        double x = 0;
        while (System.nanoTime() < end) {
            for (int i = 1; i < 10_000; i++) {
                x += Math.sqrt(i) / i;
            }
        }
        return x;
    }

    @Test
    void aFlameGraphOfARealRecordingRendersOffline() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require(tmp);
        Path jfr = tmp.resolve("spin.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            assertThat(spinForFlameGraph(500)).isPositive();
            r.stop();
            r.dump(jfr);
        }
        FlameGraphPage page = FlameGraphs.write(jfr, SampleKind.CPU, "spin", tmp.resolve("spin.html"));
        assertThat(page.missing()).isNull();
        assertThat(page.samples()).isPositive();

        HeadlessChromium.Page dom = chromium.dumpDom(page.html());

        // The script set the canvas's size from the window: it ran, and nothing it did threw.
        assertThat(dom.dom()).containsPattern("<canvas id=\"canvas\"[^>]* width=\"\\d+\"");
        assertThat(dom.consoleLines()).noneMatch(l -> l.contains("Uncaught") || l.contains("Error"));
        assertThat(dom.dom()).contains("spin");
    }
}
