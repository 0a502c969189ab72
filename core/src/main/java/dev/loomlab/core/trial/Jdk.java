package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.JavaVersion;
import dev.loomlab.core.BadInputException;
import dev.loomlab.core.process.BoundedCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * A Java installation trials can run on ({@code --jvm JAVA_HOME}): its {@code bin/java}, version and
 * vendor, read from its {@code release} file or, failing that, from {@code java -version}.
 *
 * @param feature the major version, e.g. 21
 */
public record Jdk(Path home, String version, int feature, String vendor) {
    /** The oldest JDK a trial runs on: virtual threads are final from 21. */
    public static final int MIN_FEATURE = 21;

    /** The JDK this JVM runs on. */
    public static Jdk current() {
        Path home = Path.of(System.getProperty("java.home"));
        return new Jdk(home, System.getProperty("java.version"), JavaVersion.current().feature(),
                System.getProperty("java.vendor"));
    }

    /**
     * The JDK at {@code home}.
     *
     * @throws BadInputException when it has no runnable {@code bin/java} or is older than 21
     */
    public static Jdk at(String homeText) {
        return at(homeText, "--jvm " + homeText);
    }

    /**
     * The JDK at {@code home}, named {@code label} in error messages (e.g. {@code java /usr/bin/java}).
     *
     * @throws BadInputException when it has no runnable {@code bin/java} or is older than 21
     */
    public static Jdk at(String homeText, String label) {
        Path home = Path.of(homeText).toAbsolutePath().normalize();
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new BadInputException(label + ": no bin/java there (give a JAVA_HOME of a JDK >= "
                    + MIN_FEATURE + ")");
        }
        String version = null;
        String vendor = null;
        Path release = home.resolve("release");
        if (Files.isRegularFile(release)) {
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(release, StandardCharsets.UTF_8)) {
                p.load(in);
                version = JavaVersion.fromRelease(p).orElse(null);
                vendor = JavaVersion.unquote(p.getProperty("IMPLEMENTOR"));
            } catch (IOException e) {
                version = null;
            }
        }
        if (version == null) {
            version = askVersion(label, java);
        }
        int feature = feature(label, version);
        if (feature < MIN_FEATURE) {
            throw new BadInputException(label + ": Java " + version + " is too old; loomlab needs a JDK >= "
                    + MIN_FEATURE);
        }
        return new Jdk(home, version, feature, vendor == null ? "unknown" : vendor);
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    private static String askVersion(String label, Path java) {
        try {
            Optional<String> version = BoundedCommand.run(List.of(java.toString(), "-version"), Duration.ofSeconds(30))
                    .flatMap(out -> JavaVersion.fromDashVersion(out.text()));
            if (version.isPresent()) {
                return version.get();
            }
        } catch (IOException e) {
            throw new BadInputException(label + ": cannot run bin/java (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new BadInputException(label + ": cannot tell which Java version it is");
    }

    private static int feature(String label, String version) {
        return JavaVersion.tryParse(version)
                .orElseThrow(() -> new BadInputException(label + ": unreadable Java version '" + version + "'"))
                .feature();
    }
}
