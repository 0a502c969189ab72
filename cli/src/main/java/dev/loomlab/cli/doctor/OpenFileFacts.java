package dev.loomlab.cli.doctor;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * How many files this process may open: its soft and hard {@code RLIMIT_NOFILE} ({@code /proc/self/limits},
 * which every JVM it starts inherits), the kernel's ceiling for a hard limit ({@code fs.nr_open}) and the
 * system-wide total ({@code fs.file-max}). {@link Long#MAX_VALUE} stands for unlimited; empty: unknown.
 */
public record OpenFileFacts(OptionalLong soft, OptionalLong hard, OptionalLong nrOpen, OptionalLong fileMax) {

    /** This process's facts, read under {@code root}. */
    public static OpenFileFacts read(Path root) {
        OptionalLong soft = OptionalLong.empty();
        OptionalLong hard = OptionalLong.empty();
        for (String line : SmallFiles.lines(SmallFiles.under(root, "/proc/self/limits"))) {
            if (line.startsWith("Max open files")) {
                String[] values = line.substring("Max open files".length()).strip().split("\\s+");
                if (values.length >= 2) {
                    soft = limit(values[0]);
                    hard = limit(values[1]);
                }
            }
        }
        return new OpenFileFacts(soft, hard, SmallFiles.number(SmallFiles.under(root, "/proc/sys/fs/nr_open")),
                SmallFiles.number(SmallFiles.under(root, "/proc/sys/fs/file-max")));
    }

    /** As {@link #read}, with the soft limit from the JVM where {@code /proc} has none (not Linux). */
    static OpenFileFacts readHere() {
        OpenFileFacts facts = read(Path.of("/"));
        if (facts.soft().isPresent()) {
            return facts;
        }
        OptionalLong soft = OptionalLong.empty();
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            soft = OptionalLong.of(unix.getMaxFileDescriptorCount());
        }
        return new OpenFileFacts(soft, facts.hard(), facts.nrOpen(), facts.fileMax());
    }

    private static OptionalLong limit(String text) {
        return text.equals("unlimited") ? OptionalLong.of(Long.MAX_VALUE) : SmallFiles.parse(text);
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("open_files_soft", value(soft));
        m.put("open_files_hard", value(hard));
        m.put("fs_nr_open", value(nrOpen));
        m.put("fs_file_max", value(fileMax));
        return m;
    }

    /** A limit for JSON: its number, "unlimited", or null when unknown. */
    static Object value(OptionalLong v) {
        if (v.isEmpty()) {
            return null;
        }
        return v.getAsLong() == Long.MAX_VALUE ? "unlimited" : v.getAsLong();
    }
}
