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
 */
public record Advice(String topic, String scenario, String scope, String recommendation, List<String> evidence) {
    public Advice {
        if (evidence.isEmpty()) {
            throw new IllegalArgumentException("advice without evidence: " + recommendation);
        }
        evidence = List.copyOf(evidence);
    }
}
