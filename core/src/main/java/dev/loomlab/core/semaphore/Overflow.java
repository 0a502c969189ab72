package dev.loomlab.core.semaphore;

import java.util.Arrays;
import java.util.List;

/** What a limited downstream does with a call beyond its limit. */
public enum Overflow {
    /** The call waits (first come, first served) until a slot frees: a connection pool's queue. */
    QUEUE("queue"),
    /** The call is refused at once: a rate limiter's 429, a bulkhead's rejection. */
    REJECT("reject");

    private final String word;

    Overflow(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(Overflow::word).toList();
    }

    public static Overflow of(String word) {
        for (Overflow o : values()) {
            if (o.word.equals(word)) {
                return o;
            }
        }
        throw new IllegalArgumentException("no overflow " + word);
    }
}
