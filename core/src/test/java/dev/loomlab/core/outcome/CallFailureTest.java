package dev.loomlab.core.outcome;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CallFailureTest {

    @Test
    void keepsTheClassAndAShortMessageWhole() {
        CallFailure f = CallFailure.of(new java.io.IOException("connection refused"));
        assertThat(f.type()).isEqualTo("java.io.IOException");
        assertThat(f.message()).isEqualTo("connection refused");
        assertThat(f).hasToString("java.io.IOException: connection refused");
    }

    @Test
    void aLongMessageIsCutAndSaysHowMuchWasLeftOut() {
        String message = "x".repeat(CallFailure.MAX_MESSAGE + 123);
        CallFailure f = CallFailure.of(new IllegalStateException(message));
        assertThat(f.message()).startsWith("x".repeat(CallFailure.MAX_MESSAGE)).endsWith("… (123 more characters)");
        assertThat(f.message().chars().filter(c -> c == 'x').count()).isEqualTo(CallFailure.MAX_MESSAGE);
    }

    @Test
    void anExceptionWithoutMessageIsItsClass() {
        assertThat(CallFailure.of(new NullPointerException()).message()).isNull();
        assertThat(CallFailure.of(new ArithmeticException())).hasToString("java.lang.ArithmeticException");
    }
}
