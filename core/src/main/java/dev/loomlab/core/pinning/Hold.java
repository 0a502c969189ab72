package dev.loomlab.core.pinning;

/** What a pinning task does inside its lock or frame: block for the hold time. */
@FunctionalInterface
public interface Hold {
    void run() throws InterruptedException;
}
