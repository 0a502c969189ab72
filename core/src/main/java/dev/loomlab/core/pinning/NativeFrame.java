package dev.loomlab.core.pinning;

/**
 * Runs Java code inside a native frame — a downcall into native code that calls back into Java — for
 * the pinning scenario's {@code lock=native}. Found through {@link java.util.ServiceLoader}: module
 * {@code foreign} provides one with the Foreign Function API (final in Java 22); a JVM that cannot load
 * it has none, and {@code lock=native} is not applicable there.
 */
public interface NativeFrame {

    /**
     * Runs {@code hold} on the calling thread, inside the native frame; an exception it throws is
     * rethrown here.
     *
     * @throws IllegalStateException when the native code did not call back
     */
    void call(Hold hold) throws InterruptedException;
}
