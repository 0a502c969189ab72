package dev.loomlab.jmeter;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** JMeter's failures, as its HTTP sampler records them, in loomlab's error kinds. */
class ErrorKindsTest {
    private static String nonHttp(String type, String message, boolean assertionFailed) {
        return ErrorKinds.of("Non HTTP response code: " + type, "Non HTTP response message: " + message, assertionFailed);
    }

    @Test
    void answersAreOkStatusOrContent() {
        assertThat(ErrorKinds.of("200", "OK", false)).isEqualTo(ErrorKinds.OK);
        assertThat(ErrorKinds.of("204", "No Content", false)).isEqualTo(ErrorKinds.OK);
        assertThat(ErrorKinds.of("200", "OK", true)).as("2xx with the wrong body").isEqualTo("content");
        assertThat(ErrorKinds.of("503", "Service Unavailable", false)).isEqualTo("status");
        assertThat(ErrorKinds.of("302", "Found", false)).as("no redirect is followed: not 2xx").isEqualTo("status");
        assertThat(ErrorKinds.of("404", "Not Found", true)).as("a status error whatever the body").isEqualTo("status");
    }

    @Test
    void exceptionsMapByTheirClass() {
        assertThat(nonHttp("org.apache.http.conn.HttpHostConnectException", "Connect to 127.0.0.1:1 failed: Connection refused", true))
                .isEqualTo("connect");
        assertThat(nonHttp("java.net.ConnectException", "Connection refused", true)).isEqualTo("connect");
        assertThat(nonHttp("org.apache.http.conn.ConnectTimeoutException", "Connect to x timed out", true)).isEqualTo("connect");
        assertThat(nonHttp("java.net.SocketTimeoutException", "Read timed out", true)).isEqualTo("timeout");
        assertThat(nonHttp("java.net.SocketTimeoutException", "Connect timed out", true)).isEqualTo("connect");
        assertThat(nonHttp("java.net.SocketException", "Connection reset", true)).isEqualTo("reset");
        assertThat(nonHttp("java.net.SocketException", "Socket closed", true)).isEqualTo("reset");
        assertThat(nonHttp("org.apache.http.NoHttpResponseException", "127.0.0.1:8080 failed to respond", true)).isEqualTo("reset");
        assertThat(nonHttp("org.apache.http.ConnectionClosedException", "Premature end of Content-Length", true)).isEqualTo("reset");
        assertThat(nonHttp("org.apache.http.client.ClientProtocolException", "", true)).isEqualTo("content");
        assertThat(nonHttp("java.lang.IllegalStateException", "boom", true)).isEqualTo("other");
        assertThat(nonHttp("com.example.OnlyOnTheRemoteEngine", "?", true)).isEqualTo("other");
        assertThat(ErrorKinds.of("", "", false)).isEqualTo("other");
        assertThat(ErrorKinds.of(null, null, false)).isEqualTo("other");
    }

    @Test
    void aSubclassOfAKnownTypeTakesItsKind() {
        // java.net.BindException extends SocketException, which is not in the table under its own name
        assertThat(nonHttp("java.net.BindException", "Address already in use", true)).isEqualTo("reset");
        // javax.net.ssl.SSLHandshakeException extends SSLException
        assertThat(nonHttp("javax.net.ssl.SSLHandshakeException", "no cipher", true)).isEqualTo("reset");
    }
}
