package dev.loomlab.report;

import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.result.Result;

import java.util.List;

/**
 * The results that did not meet the service level objective they were judged against ({@code --slo}, or
 * article 003's for web and load): one line each, naming the objective and every term breached, for every
 * renderer to show.
 */
public final class SloBreaches {
    private SloBreaches() {
    }

    /** e.g. {@code web mvc-platform users=3000: SLO p99<500ms,errors<1% breached: p99 812 ms ≥ 500 ms}. */
    public static List<String> lines(List<Result> results) {
        return results.stream().filter(r -> r.section(SloVerdict.SECTION).filter(slo -> !slo.met()).isPresent())
                .map(r -> r.scenario() + ' ' + r.model() + ' ' + Fmt.params(r.params()) + ": "
                        + r.section(SloVerdict.SECTION).orElseThrow().describe())
                .toList();
    }
}
