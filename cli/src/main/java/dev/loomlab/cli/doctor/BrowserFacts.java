package dev.loomlab.cli.doctor;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The headless browser the report's browser test opens report.html in: the first of its names on the {@code PATH}. */
public record BrowserFacts(Optional<String> chromium) {
    /** The names the browser test looks for, in its order. */
    static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    static BrowserFacts readHere() {
        return read(System.getenv().getOrDefault("PATH", ""));
    }

    public static BrowserFacts read(String path) {
        for (String name : NAMES) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                    return new BrowserFacts(Optional.of(Path.of(dir, name).toString()));
                }
            }
        }
        return new BrowserFacts(Optional.empty());
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("chromium", chromium.orElse(null));
        return m;
    }
}
