package dev.loomlab.load.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Prometheus's text exposition format 0.0.4 (what {@code /metrics} of a Prometheus client and Spring Boot's
 * {@code /actuator/prometheus} answer; OpenMetrics text reads the same way): one sample a line,
 * {@code name{label="value",…} value [timestamp]}, label values with {@code \\}, {@code \"} and {@code \n} escaped,
 * values as Go writes floats ({@code NaN}, {@code +Inf}). Comments ({@code # HELP}, {@code # TYPE}, {@code # EOF})
 * and blank lines are skipped; a timestamp or an OpenMetrics exemplar after the value is ignored.
 */
public final class PrometheusText {
    /** One sample: a metric name, its labels in the order written, and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {
        public Sample {
            labels = Map.copyOf(labels);
        }
    }

    /** Text that is not Prometheus's format, with the first line that says so. */
    public static final class NotPrometheusText extends Exception {
        NotPrometheusText(String message) {
            super(message, null, false, false);
        }
    }

    private PrometheusText() {
    }

    /**
     * Every sample of {@code text}, in order.
     *
     * @throws NotPrometheusText at the first line that is neither a comment nor a sample, or when no line is a sample
     */
    public static List<Sample> parse(String text) throws NotPrometheusText {
        List<Sample> samples = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                samples.add(sample(line));
            } catch (IllegalArgumentException e) {
                String shown = line.length() > 60 ? line.substring(0, 60) + "…" : line;
                throw new NotPrometheusText("line " + (i + 1) + " is no sample (" + e.getMessage() + "): " + shown);
            }
        }
        if (samples.isEmpty()) {
            throw new NotPrometheusText("no sample in it");
        }
        return samples;
    }

    private static Sample sample(String line) {
        int at = 0;
        while (at < line.length() && nameChar(line.charAt(at), at == 0)) {
            at++;
        }
        if (at == 0) {
            throw new IllegalArgumentException("no metric name");
        }
        String name = line.substring(0, at);
        Map<String, String> labels = new LinkedHashMap<>();
        if (at < line.length() && line.charAt(at) == '{') {
            at = labels(line, at + 1, labels);
        }
        if (at >= line.length() || !Character.isWhitespace(line.charAt(at))) {
            throw new IllegalArgumentException("no value after the name");
        }
        String[] rest = line.substring(at).strip().split("\\s+");
        return new Sample(name, labels, value(rest[0]));
    }

    /** Reads labels from just after {@code {} up to its {@code }}; returns the index after it. */
    private static int labels(String line, int at, Map<String, String> labels) {
        while (true) {
            at = skipSpaces(line, at);
            if (at < line.length() && line.charAt(at) == '}') {
                return at + 1;
            }
            int start = at;
            while (at < line.length() && nameChar(line.charAt(at), at == start) && line.charAt(at) != ':') {
                at++;
            }
            if (at == start) {
                throw new IllegalArgumentException("a label without a name");
            }
            String label = line.substring(start, at);
            at = skipSpaces(line, at);
            if (at >= line.length() || line.charAt(at) != '=') {
                throw new IllegalArgumentException("label " + label + " has no value");
            }
            at = skipSpaces(line, at + 1);
            if (at >= line.length() || line.charAt(at) != '"') {
                throw new IllegalArgumentException("label " + label + " has no quoted value");
            }
            StringBuilder value = new StringBuilder();
            at++;
            while (true) {
                if (at >= line.length()) {
                    throw new IllegalArgumentException("label " + label + "'s value is not closed");
                }
                char c = line.charAt(at++);
                if (c == '"') {
                    break;
                }
                if (c == '\\' && at < line.length()) {
                    char escaped = line.charAt(at++);
                    value.append(escaped == 'n' ? '\n' : escaped);
                } else {
                    value.append(c);
                }
            }
            labels.put(label, value.toString());
            at = skipSpaces(line, at);
            if (at < line.length() && line.charAt(at) == ',') {
                at++;
            } else if (at >= line.length() || line.charAt(at) != '}') {
                throw new IllegalArgumentException("labels not closed by }");
            }
        }
    }

    private static int skipSpaces(String line, int at) {
        while (at < line.length() && (line.charAt(at) == ' ' || line.charAt(at) == '\t')) {
            at++;
        }
        return at;
    }

    private static boolean nameChar(char c, boolean first) {
        return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
    }

    private static double value(String word) {
        return switch (word) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                try {
                    yield Double.parseDouble(word);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + word + "' is not a number");
                }
            }
        };
    }
}
