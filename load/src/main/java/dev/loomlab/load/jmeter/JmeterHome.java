package dev.loomlab.load.jmeter;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the JMeter engine's own class path lives: {@code dist/jmeter/} beside the distribution's {@code lib/}
 * (found from this JVM's class path), or in a source tree ({@code loomlab.home}) the jmeter module's
 * {@code target/jmeter-lib/} (tests and development), else the distribution's there. Its jars — JMeter's and the engine's — never join
 * loomlab's own class path.
 */
public final class JmeterHome {
    /** The engine JVM's main class (module {@code jmeter}). */
    public static final String MAIN = "dev.loomlab.jmeter.JmeterMain";

    private JmeterHome() {
    }

    /**
     * The class path ({@code dir/*}) of the JMeter engine.
     *
     * @throws IOException when it was not found (loomlab was not built)
     */
    public static String classPath() throws IOException {
        Optional<Path> dir = candidates().stream().filter(JmeterHome::hasJars).findFirst();
        if (dir.isEmpty()) {
            throw new IOException("the JMeter engine's jars were not found (looked in " + candidates()
                    + "); build loomlab with ./loomlab or mvnw package");
        }
        return dir.get().toAbsolutePath() + File.separator + "*";
    }

    static List<Path> candidates() {
        List<Path> out = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            Path p = Path.of(entry.endsWith("*") ? entry.substring(0, entry.length() - 1) : entry).toAbsolutePath();
            Path lib = Files.isDirectory(p) ? p : p.getParent();
            if (lib != null && lib.getFileName() != null && lib.getFileName().toString().equals("lib") && lib.getParent() != null) {
                Path dir = lib.getParent().resolve("jmeter");
                if (!out.contains(dir)) {
                    out.add(dir);
                }
            }
        }
        String home = System.getProperty("loomlab.home");
        if (home != null) {
            // a source tree: the module's own build first, which a reactor build has just made (the distribution's
            // copy may be older)
            out.add(Path.of(home, "jmeter", "target", "jmeter-lib"));
            out.add(Path.of(home, "cli", "target", "dist", "jmeter"));
        }
        return out;
    }

    private static boolean hasJars(Path dir) {
        try (var files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("loomlab-jmeter"));
        } catch (IOException e) {
            return false;
        }
    }
}
