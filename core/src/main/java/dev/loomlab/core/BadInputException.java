package dev.loomlab.core;

/**
 * Input a user gave that loomlab cannot accept: an unknown scenario or model, a malformed value, a JDK
 * that is too old. Its message is the one line the CLI prints before exiting with code 2.
 */
public final class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message, null, false, false);
    }
}
