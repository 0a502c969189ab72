package dev.loomlab.junit;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Reads what a {@link NoPinning} failure says: its most frequent stack's first frame, its events and time. */
public final class PinnedFailureText {
    private static final Pattern FIRST_FRAME = Pattern.compile("#1 [^\\n]*, at\\n +(\\S+)");
    private static final Pattern TOTAL = Pattern.compile("pinned a carrier thread: ([\\d,]+) pinned events?, ([\\d,.]+) ms in total");

    private PinnedFailureText() {
    }

    /** The first frame the failure prints for its most frequent stack. */
    public static String firstFrame(String text) {
        Matcher m = FIRST_FRAME.matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return m.group(1);
    }

    /** The pinned events the failure counts. */
    public static long events(String text) {
        Matcher m = TOTAL.matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** The pinned time the failure adds up, ms. */
    public static double totalMs(String text) {
        Matcher m = TOTAL.matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return Double.parseDouble(m.group(2).replace(",", ""));
    }
}
