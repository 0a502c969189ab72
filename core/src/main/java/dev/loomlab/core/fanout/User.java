package dev.loomlab.core.fanout;

/** A user, as article 001's UserService returns it. */
public record User(int id, String name) {
}
