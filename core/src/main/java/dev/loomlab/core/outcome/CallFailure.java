package dev.loomlab.core.outcome;

import dev.loomlab.core.section.ResultSection;

/**
 * The first exception a call of a user's task threw while the iterations went on: its class and message,
 * what a result carries in {@code first_failure}. A message longer than {@value #MAX_MESSAGE} characters
 * is cut there and says how much was left out (the whole stack is in the trial log).
 *
 * @param type    the exception's class name, e.g. {@code java.net.ConnectException}
 * @param message its message; null when it has none
 */
public record CallFailure(String type, String message) {
    /** The first one over a result's measured iterations and forks (an iteration's own first one), left out when none threw. */
    public static final ResultSection.Value<CallFailure> SECTION = ResultSection.value("first_failure", CallFailure.class);
    /** The longest message kept, in characters. */
    public static final int MAX_MESSAGE = 500;

    /** The class and message of {@code t}. */
    public static CallFailure of(Throwable t) {
        String message = t.getMessage();
        if (message != null && message.length() > MAX_MESSAGE) {
            message = message.substring(0, MAX_MESSAGE) + "… (" + (message.length() - MAX_MESSAGE) + " more characters)";
        }
        return new CallFailure(t.getClass().getName(), message);
    }

    /** e.g. {@code java.io.IOException: connection refused}, as a stack trace's first line reads. */
    @Override
    public String toString() {
        return message == null ? type : type + ": " + message;
    }
}
