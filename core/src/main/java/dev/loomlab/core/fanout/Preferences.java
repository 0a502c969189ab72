package dev.loomlab.core.fanout;

/** A user's preferences (article 001). */
public record Preferences(Boolean darkMode, String language) {
}
