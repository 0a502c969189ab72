package dev.loomlab.cli.doctor;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads the small text files of {@code /proc} and {@code /sys}, bounded: at most {@value #MAX_LINES} lines
 * of a file. Every reader takes a root ({@code /} on the machine, a folder of fake files in tests); a file
 * that is missing or unreadable is empty, never an error.
 */
final class SmallFiles {
    /** More lines than any file read here has ({@code /proc/self/limits}: 17, {@code /proc/meminfo}: about 60). */
    static final int MAX_LINES = 512;

    private SmallFiles() {
    }

    /** {@code path} (absolute, e.g. {@code /proc/meminfo}) under {@code root}. */
    static Path under(Path root, String path) {
        return root.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    /** The file's lines, at most {@value #MAX_LINES}; empty when it cannot be read. */
    static List<String> lines(Path file) {
        List<String> out = new ArrayList<>();
        // Not Files.readString: /proc files say they are 0 bytes long.
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null && out.size() < MAX_LINES; line = in.readLine()) {
                out.add(line);
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return out;
    }

    /** The file's first line, stripped; empty when it cannot be read or is empty. */
    static Optional<String> firstLine(Path file) {
        List<String> lines = lines(file);
        return lines.isEmpty() || lines.get(0).isBlank() ? Optional.empty() : Optional.of(lines.get(0).strip());
    }

    /** The file's first line as a whole number; empty when it is missing or not one. */
    static OptionalLong number(Path file) {
        return firstLine(file).map(SmallFiles::parse).orElse(OptionalLong.empty());
    }

    static OptionalLong parse(String text) {
        try {
            return OptionalLong.of(Long.parseLong(text.strip()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
