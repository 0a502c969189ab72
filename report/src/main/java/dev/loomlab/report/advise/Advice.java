package dev.loomlab.report.advise;

import java.util.List;

/**
 * One recommendation and the measured figures it rests on.
 *
 * @param topic what it is about: {@code model}, {@code pool size}, {@code downstream}, {@code pinning},
 *              {@code memory}, {@code failure}
 * @param scenario the scenario of the experiment it comes from
 * @param scope the experiment it comes from ({@code sleep tasks=2000 sleep=50ms · Java 25})
 * @param evidence the figures, one per line, each naming the result it comes from; never empty
 * @param brief the same recommendation in a few words with its figure, for one console line
 *              ({@code Use virtual: 4.3× faster than platform:200 (wall ms mean 28.7 vs 124)}), or null
 *              where the recommendation is short already
 */
public record Advice(String topic, String scenario, String scope, String recommendation, List<String> evidence, String brief) {
    public Advice {
        if (evidence.isEmpty()) {
            throw new IllegalArgumentException("advice without evidence: " + recommendation);
        }
        evidence = List.copyOf(evidence);
    }

    /** Advice without a shorter form of its own. */
    public Advice(String topic, String scenario, String scope, String recommendation, List<String> evidence) {
        this(topic, scenario, scope, recommendation, evidence, null);
    }

    /** The recommendation as one console line shows it: its brief form where it has one. */
    public String oneLine() {
        return brief != null ? brief : recommendation;
    }
}
