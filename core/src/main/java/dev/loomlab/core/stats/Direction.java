package dev.loomlab.core.stats;

/** Which way a metric's figure is better: what {@code compare} calls a regression, {@code advise} ranks models by. */
public enum Direction {
    /** A larger figure is better: throughput, rates. */
    HIGHER_BETTER("higher is better"),
    /** A smaller figure is better: times, latencies, memory, failures. */
    LOWER_BETTER("lower is better"),
    /** Neither way is better: a description of what ran (threads, carriers, CPU share, counts the parameters fix). */
    NEITHER("no better direction");

    private final String text;

    Direction(String text) {
        this.text = text;
    }

    /** In words: {@code higher is better}. */
    public String text() {
        return text;
    }
}
