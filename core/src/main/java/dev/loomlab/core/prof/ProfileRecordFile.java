package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The file a profiled server writes its {@link ProfileRecord}s to for the trial that started it: Java
 * properties ({@code N.profiler}, {@code N.files} separated by {@code |}, {@code N.note}, {@code N.error}),
 * which a server's JVM writes without a JSON library.
 */
public final class ProfileRecordFile {
    private static final String SEPARATOR = "|";

    private ProfileRecordFile() {
    }

    public static void write(List<ProfileRecord> records, Path file) throws IOException {
        Properties p = new Properties();
        for (int i = 0; i < records.size(); i++) {
            ProfileRecord r = records.get(i);
            p.setProperty(i + ".profiler", r.profiler());
            p.setProperty(i + ".files", String.join(SEPARATOR, r.files()));
            if (r.note() != null) {
                p.setProperty(i + ".note", r.note());
            }
            if (r.error() != null) {
                p.setProperty(i + ".error", r.error());
            }
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(out, "loomlab profiles");
        }
    }

    public static List<ProfileRecord> read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<ProfileRecord> out = new ArrayList<>();
        for (int i = 0; p.containsKey(i + ".profiler"); i++) {
            String files = p.getProperty(i + ".files", "");
            out.add(new ProfileRecord(p.getProperty(i + ".profiler"),
                    files.isEmpty() ? List.of() : Arrays.asList(files.split("\\" + SEPARATOR)),
                    p.getProperty(i + ".note"), p.getProperty(i + ".error")));
        }
        return out;
    }
}
