package dev.loomlab.core.workload;

/**
 * A workload that cannot exist on this JVM, e.g. a native frame where the JDK lacks the Foreign Function
 * API. Thrown while the workload is built; the result is {@code not_applicable} with this message.
 */
public final class NotApplicableException extends RuntimeException {
    public NotApplicableException(String message) {
        super(message, null, false, false);
    }
}
