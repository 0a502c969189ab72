package dev.loomlab.core.pinning;

/**
 * A class whose static initializer runs the current pinning task's hold. Never initialized under its own
 * name: {@link ClinitHold} defines a fresh hidden class from its bytes for every task.
 */
final class ClinitBlocker {
    static {
        ClinitHold.runCurrent();
    }

    private ClinitBlocker() {
    }
}
