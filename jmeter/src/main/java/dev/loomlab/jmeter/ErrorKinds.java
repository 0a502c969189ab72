package dev.loomlab.jmeter;

import java.util.Locale;
import java.util.Map;

/**
 * How a JMeter sample ended, in loomlab's terms: ok, or one of loomlab's error kinds ({@code connect},
 * {@code timeout}, {@code reset}, {@code status}, {@code content}, {@code other}). JMeter's HTTP sampler
 * records a failed exchange as response code {@code Non HTTP response code: <exception class>} and message
 * {@code Non HTTP response message: <exception message>}; an answer as its numeric status code. The class
 * name is all a sample carries from a remote engine, so the mapping goes by name.
 */
final class ErrorKinds {
    /** What {@link #of} returns for a sample answered 2xx with the expected body. */
    static final String OK = "ok";
    private static final String NON_HTTP = "Non HTTP response code: ";

    /** Exception classes (as HttpClient 4 and the JDK throw them) → kind. */
    private static final Map<String, String> BY_CLASS = Map.ofEntries(
            Map.entry("java.net.ConnectException", "connect"),
            Map.entry("org.apache.http.conn.HttpHostConnectException", "connect"),
            Map.entry("org.apache.http.conn.ConnectTimeoutException", "connect"),
            Map.entry("java.net.NoRouteToHostException", "connect"),
            Map.entry("java.net.UnknownHostException", "connect"),
            Map.entry("java.net.PortUnreachableException", "connect"),
            Map.entry("java.net.SocketTimeoutException", "timeout"),
            Map.entry("java.net.SocketException", "reset"),
            Map.entry("javax.net.ssl.SSLException", "reset"),
            Map.entry("org.apache.http.NoHttpResponseException", "reset"),
            Map.entry("org.apache.http.ConnectionClosedException", "reset"),
            Map.entry("org.apache.http.TruncatedChunkException", "reset"),
            Map.entry("java.io.EOFException", "reset"),
            Map.entry("org.apache.http.ProtocolException", "content"),
            Map.entry("org.apache.http.client.ClientProtocolException", "content"),
            Map.entry("org.apache.http.MalformedChunkCodingException", "content"),
            Map.entry("org.apache.http.ParseException", "content"));

    private ErrorKinds() {
    }

    /**
     * The outcome of a sample: {@link #OK}, or the error kind.
     *
     * @param responseCode    JMeter's response code: a status code, or {@code Non HTTP response code: CLASS}
     * @param responseMessage JMeter's response message
     * @param assertionFailed whether the expected-body assertion failed
     */
    static String of(String responseCode, String responseMessage, boolean assertionFailed) {
        if (responseCode != null && responseCode.length() == 3 && responseCode.chars().allMatch(Character::isDigit)) {
            int status = Integer.parseInt(responseCode);
            if (status < 200 || status >= 300) {
                return "status";
            }
            return assertionFailed ? "content" : OK;
        }
        if (responseCode == null || !responseCode.startsWith(NON_HTTP)) {
            return "other";
        }
        String type = responseCode.substring(NON_HTTP.length()).trim();
        String message = responseMessage == null ? "" : responseMessage.toLowerCase(Locale.ROOT);
        if (type.equals("java.net.SocketTimeoutException") && message.contains("connect timed out")) {
            // the JDK's connect timeout: the connection could not be made, as loomlab's generator counts it
            return "connect";
        }
        String kind = BY_CLASS.get(type);
        return kind != null ? kind : bySuperclass(type);
    }

    /** A subclass of one of the known types, when the class is on this class path; else {@code other}. */
    private static String bySuperclass(String type) {
        try {
            Class<?> c = Class.forName(type, false, ErrorKinds.class.getClassLoader());
            for (Class<?> s = c.getSuperclass(); s != null; s = s.getSuperclass()) {
                String kind = BY_CLASS.get(s.getName());
                if (kind != null) {
                    return kind;
                }
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // a class only the remote engine knows
        }
        return "other";
    }
}
