package dev.loomlab.core.param;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * An enum whose constants are the values of a choice parameter ({@code -p lock=synchronized}): each
 * constant's word is its name in lower case, {@code _} written {@code -} ({@code PER_TASK} is
 * {@code per-task}).
 */
public interface Choice {

    /** This constant's word, e.g. {@code per-task}. */
    default String word() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every constant's word, in declaration order. */
    static <E extends Enum<E> & Choice> List<String> words(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Choice::word).toList();
    }

    /** The constant {@code word} names; the parameter's own validation has already refused any other word. */
    static <E extends Enum<E> & Choice> E of(Class<E> type, String word) {
        for (E e : type.getEnumConstants()) {
            if (e.word().equals(word)) {
                return e;
            }
        }
        throw new IllegalArgumentException("no " + type.getSimpleName() + " " + word);
    }
}
