package dev.loomlab.core.outcome;

import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java version as a JDK states it — {@code java.version} / {@code java.runtime.version}, the
 * {@code JAVA_VERSION} of its {@code release} file, or the first line of {@code java -version} — and its
 * feature release: {@code 25} of {@code 25.0.3+9-LTS}, {@code 21} of {@code 21}, {@code 8} of
 * {@code 1.8.0_392} (the pre-9 scheme). The one place loomlab reads version text.
 *
 * @param text the version as stated, e.g. {@code 21.0.8+9-LTS}
 * @param feature the feature release, e.g. 21
 */
public record JavaVersion(String text, int feature) {
    /** {@code openjdk version "21.0.8" 2025-07-15}: the quoted part. */
    private static final Pattern DASH_VERSION = Pattern.compile("version \"([^\"]+)\"");
    /** The pre-9 scheme, {@code 1.8.0_392}: the feature is the second number. */
    private static final Pattern LEGACY = Pattern.compile("^1\\.(\\d+)(?:[._+-].*)?$");
    private static final Pattern LEADING_DIGITS = Pattern.compile("^(\\d+)");

    /** This JVM's version ({@code java.runtime.version}, else {@code java.version}). */
    public static JavaVersion current() {
        return new JavaVersion(System.getProperty("java.runtime.version", System.getProperty("java.version")),
                Runtime.version().feature());
    }

    /**
     * The version {@code text} states, read with {@link Runtime.Version#parse} where it is in today's
     * scheme, or {@code 1.N…} of the pre-9 one.
     *
     * @throws IllegalArgumentException when the text does not start with a version number
     */
    public static JavaVersion parse(String text) {
        return tryParse(text).orElseThrow(() -> new IllegalArgumentException("unreadable Java version '" + text + "'"));
    }

    /** {@link #parse}, or empty when {@code text} is null or does not start with a version number. */
    public static Optional<JavaVersion> tryParse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip();
        Matcher legacy = LEGACY.matcher(t);
        if (legacy.matches()) {
            return Optional.of(new JavaVersion(t, Integer.parseInt(legacy.group(1))));
        }
        try {
            return Optional.of(new JavaVersion(t, Runtime.Version.parse(t).feature()));
        } catch (IllegalArgumentException e) {
            // a vendor's own suffix (e.g. "21.0.8-internal_x"): its leading number is still the feature
        }
        Matcher digits = LEADING_DIGITS.matcher(t);
        if (digits.find()) {
            try {
                return Optional.of(new JavaVersion(t, Integer.parseInt(digits.group(1))));
            } catch (NumberFormatException tooLong) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The version a JDK's {@code release} file states ({@code JAVA_VERSION="21.0.8"}), unquoted; empty without one. */
    public static Optional<String> fromRelease(Properties release) {
        return Optional.ofNullable(unquote(release.getProperty("JAVA_VERSION"))).filter(v -> !v.isEmpty());
    }

    /** The version {@code java -version} printed ({@code openjdk version "21.0.8" …}); empty when it names none. */
    public static Optional<String> fromDashVersion(String output) {
        Matcher m = DASH_VERSION.matcher(output);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * The feature release of a version text as people name a JDK: {@code "25"} of {@code 25.0.3+9-LTS},
     * {@code "8"} of {@code 1.8.0_392}; {@code "?"} for null, and the text itself when it is no version.
     */
    public static String featureOf(String version) {
        if (version == null) {
            return "?";
        }
        return tryParse(version).map(v -> Integer.toString(v.feature())).orElse(version);
    }

    /** Unquoted {@code release} values: {@code "21.0.8"} → {@code 21.0.8}. */
    public static String unquote(String s) {
        return s == null ? null : s.replace("\"", "").strip();
    }
}
