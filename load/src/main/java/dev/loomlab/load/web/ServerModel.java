package dev.loomlab.load.web;

import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ServingThread;

import java.util.List;
import java.util.OptionalInt;

/**
 * A server under test, the server form of a model of the web scenario: which server (its folder under
 * {@code dist/servers}), its main class and mode arguments, the kind of thread it promises to serve
 * requests on, and how many requests it can serve at once (a pool's size; empty when unbounded). It runs
 * no tasks in the trial JVM, so other scenarios say "not applicable".
 */
public record ServerModel(String name, String server, String mainClass, List<String> modeArgs, ServingThread promise,
                          OptionalInt threads, String description) {
    /** The server form: a server under test in a JVM of its own, loaded over HTTP. */
    public static final Form<ServerModel> FORM = new Form<>("server", ServerModel.class);
}
