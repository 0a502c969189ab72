package dev.loomlab.core.workload;

/** An iteration's output is wrong; the result becomes {@code invalid} with this message. */
public final class ValidationException extends Exception {
    public ValidationException(String message) {
        super(message, null, false, false);
    }
}
