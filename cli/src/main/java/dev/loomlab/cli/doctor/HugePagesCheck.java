package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Transparent huge pages. With {@code always}, the kernel backs any large enough anonymous mapping with 2 MB
 * pages: a heap region or a thread stack touched once can count 2 MB of RSS. loomlab's RSS figures (every
 * result's rss MB, the memory scenario's RSS delta) then move in 2 MB steps and with khugepaged's timing.
 */
final class HugePagesCheck implements MachineCheck {
    static final String NAME = "huge-pages";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("transparent_hugepage", facts.kernel().hugePages().orElse(null));
        if (facts.kernel().hugePages().isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, "transparent huge pages " + Words.UNAVAILABLE,
                    "RSS figures count the pages this system gives", "", raw);
        }
        String mode = facts.kernel().hugePages().get();
        String finding = "transparent huge pages: " + mode;
        if (mode.equals("always")) {
            return Check.of(NAME, CheckStatus.WARN, finding, "the kernel may back any heap region or thread stack with 2 MB"
                            + " pages: RSS figures (rss MB of every result, the memory scenario's RSS delta) grow in 2 MB steps and"
                            + " vary from run to run; a platform thread's stack can cost 2 MB of RSS",
                    "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled (a JVM then uses huge pages only with"
                            + " -XX:+UseTransparentHugePages)", raw);
        }
        return Check.of(NAME, CheckStatus.OK, finding, mode.equals("madvise")
                ? "only memory that asks for them gets huge pages (a JVM only with -XX:+UseTransparentHugePages): RSS figures count 4 KB pages"
                : "no huge pages: RSS figures count 4 KB pages", "", raw);
    }
}
