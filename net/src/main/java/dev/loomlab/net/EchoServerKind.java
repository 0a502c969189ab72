package dev.loomlab.net;

import dev.loomlab.core.model.Form;

/**
 * The echo form of a model: the kind of {@link EchoServer} it stands for, named as the server's argument
 * ({@code virtual}, {@code thread-per-task}, {@code nio}).
 */
record EchoServerKind(String name) {
    /** The echo-server form: which server the echo scenario starts for a model. */
    static final Form<EchoServerKind> FORM = new Form<>("echo-server", EchoServerKind.class);
}
