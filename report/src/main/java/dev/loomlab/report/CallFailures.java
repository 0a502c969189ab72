package dev.loomlab.report;

import dev.loomlab.core.outcome.CallFailure;
import dev.loomlab.core.workload.FailedCalls;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;

import java.util.List;
import java.util.Locale;

/**
 * The results that were measured although some calls threw (a user's task that fails now and then): one
 * line each, with the failed calls per iteration and the first exception, for every renderer to show.
 */
public final class CallFailures {
    private CallFailures() {
    }

    /** e.g. {@code task platform:10 tasks=100: 30 calls threw per iteration (median); first: java.io.IOException: boom}. */
    public static List<String> lines(List<Result> results) {
        return results.stream().filter(r -> r.ok() && r.section(CallFailure.SECTION).isPresent()).map(CallFailures::line).toList();
    }

    private static String line(Result r) {
        Summary failed = ResultRow.summary(r, FailedCalls.METRIC.name());
        String count = failed == null ? "calls threw" : String.format(Locale.ROOT, "%,.0f calls threw per iteration (median)",
                failed.median());
        return r.scenario() + ' ' + r.model() + ' ' + Fmt.params(r.params()) + ": " + count + "; first: "
                + r.section(CallFailure.SECTION).orElseThrow();
    }
}
