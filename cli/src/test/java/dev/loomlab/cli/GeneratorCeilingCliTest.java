package dev.loomlab.cli;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab load} at a rate that needs the generator's ceiling. Alone: that search keeps both cores busy for about
 * 20 s, and beside it the other classes' services (the example service's capacity search above all) get too little CPU
 * to reach their knees.
 */
@Tag("alone")
class GeneratorCeilingCliTest {
    @TempDir
    Path tmp;

    /**
     * An open load of 5,000/s or more first searches for the generator's own ceiling, and the target sees only its load.
     * It takes more than 10 s: that search, what the test checks, is most of it.
     */
    @Test
    void aFastOpenLoadWarmsItsGeneratorByMeasuringItsCeilingFirst() throws Exception {
        AtomicLong served = new AtomicLong();
        HttpServer http = LoadCommandTest.servingOk(1024, served);
        try {
            Path out = tmp.resolve("fast");
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            int rate = 5000;
            CliHarness.Outcome o = LoadCommandTest.load(out, "load", url, "--rate", rate + "/s", "--warmup", "0s", "--duration", "1s",
                    "--slo", "none");
            // The ceiling search ran before the load (its own null server answered it, not this one), or ran earlier in
            // this JVM (another test's session) and is kept ...
            assertThat(o.err()).containsPattern("warming the generator (by measuring its own ceiling|for 2 s .*its ceiling was"
                    + " measured earlier in this JVM)").containsPattern("generator ceiling [0-9,]+/s");
            // ... and the target saw the load alone: the schedule's 5,000 requests in its 1 s span (one either
            // side where an intended time falls on the span's edge); this server handled every one answered ok
            // and none beyond those sent (a request reset on a connection this JDK server dropped as idle is sent,
            // not handled)
            Result r = new ResultsFolder(out).read().get(0);
            double requests = ((Summary) r.metrics().get("requests")).median();
            double ok = ((Summary) r.metrics().get("ok")).median();
            assertThat(requests).isBetween(rate - 1.0, rate + 1.0);
            assertThat(ok).isPositive();
            assertThat((double) served.get()).isBetween(ok, requests);
            // the result keeps the ceiling the run printed (to the figures printed)
            java.util.regex.Matcher printed = java.util.regex.Pattern.compile("generator ceiling ([0-9,]+)/s").matcher(o.err());
            assertThat(printed.find()).isTrue();
            assertThat(((Summary) r.metrics().get("generator_ceiling_per_s")).median())
                    .isCloseTo(Double.parseDouble(printed.group(1).replace(",", "")), org.assertj.core.api.Assertions.withinPercentage(1));
        } finally {
            http.stop(0);
        }
    }

}
