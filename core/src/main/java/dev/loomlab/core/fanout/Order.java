package dev.loomlab.core.fanout;

/** An order of a user (article 001). */
public record Order(String id, String item) {
}
