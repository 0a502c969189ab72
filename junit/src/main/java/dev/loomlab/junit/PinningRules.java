package dev.loomlab.junit;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.util.List;

/**
 * What a {@link NoPinning} test tolerates: pins shorter than {@code thresholdNanos}, and pinned stacks
 * with a frame that an {@code allow} entry names.
 *
 * @param thresholdNanos the shortest pin that counts, ns
 * @param allow          packages, classes or methods ({@link NoPinning#allow})
 */
record PinningRules(long thresholdNanos, List<String> allow) {
    /** The defaults: every pin counts, none is allowed. */
    static final PinningRules DEFAULT = new PinningRules(0, List.of());

    PinningRules {
        allow = List.copyOf(allow);
    }

    /**
     * The rules an annotation sets.
     *
     * @throws ExtensionConfigurationException when its threshold is no duration or an allow entry is no name
     */
    static PinningRules of(NoPinning annotation) {
        long threshold;
        try {
            threshold = Units.parseDurationNanos("@NoPinning(threshold)", annotation.threshold());
        } catch (BadInputException e) {
            throw new ExtensionConfigurationException(e.getMessage());
        }
        for (String a : annotation.allow()) {
            if (a.isBlank() || !a.equals(a.strip()) || a.chars().anyMatch(Character::isWhitespace)) {
                throw new ExtensionConfigurationException("@NoPinning(allow): '" + a + "' is not a package, class or method name");
            }
        }
        return new PinningRules(threshold, List.of(annotation.allow()));
    }

    /** Whether a pinned stack (frames as {@code class.method:line}) has a frame that an allow entry names. */
    boolean allows(List<String> frames) {
        for (String frame : frames) {
            for (String a : allow) {
                if (names(a, frame)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean names(String entry, String frame) {
        if (!frame.startsWith(entry)) {
            return false;
        }
        if (frame.length() == entry.length()) {
            return true;
        }
        char next = frame.charAt(entry.length());
        return next == '.' || next == '$' || next == ':';
    }
}
