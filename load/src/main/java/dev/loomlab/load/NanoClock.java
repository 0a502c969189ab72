package dev.loomlab.load;

/** The generator's time source, in nanoseconds on an arbitrary origin; tests drive one by hand. */
@FunctionalInterface
public interface NanoClock {
    /** {@link System#nanoTime()}. */
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
