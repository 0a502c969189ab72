package dev.loomlab.cli;

/**
 * A run that stopped before its plan was done, after keeping what finished: interrupted (exit 130 / 143) or
 * unable to write its folder (exit 1). The CLI prints the message as one {@code loomlab:} line and exits
 * with the code.
 */
final class RunStopped extends RuntimeException {
    private final int exitCode;

    RunStopped(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
