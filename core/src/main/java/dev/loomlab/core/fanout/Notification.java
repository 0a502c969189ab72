package dev.loomlab.core.fanout;

/** A notification for a user (article 001). */
public record Notification(String id, String message) {
}
