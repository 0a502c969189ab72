package dev.loomlab.load.web;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a server's own class path lives: {@code dist/servers/<server>/} beside the distribution's
 * {@code lib/} (found from this JVM's class path), or in a source tree ({@code loomlab.home}) the
 * server module's {@code target/server-lib/} (tests and development).
 */
public final class ServerHome {
    private ServerHome() {
    }

    /** The class path ({@code dir/*}) of {@code server}. */
    public static String classPath(String server) {
        return find(server).map(dir -> dir.toAbsolutePath() + File.separator + "*")
                .orElseThrow(() -> new IllegalStateException("the " + server + " server's jars were not found (looked in "
                        + candidates(server) + "); build loomlab with ./loomlab or mvnw package"));
    }

    static Optional<Path> find(String server) {
        return candidates(server).stream().filter(ServerHome::hasJars).findFirst();
    }

    static List<Path> candidates(String server) {
        List<Path> out = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            Path p = Path.of(entry.endsWith("*") ? entry.substring(0, entry.length() - 1) : entry).toAbsolutePath();
            Path lib = Files.isDirectory(p) ? p : p.getParent();
            if (lib != null && lib.getFileName() != null && lib.getFileName().toString().equals("lib") && lib.getParent() != null) {
                Path dir = lib.getParent().resolve("servers").resolve(server);
                if (!out.contains(dir)) {
                    out.add(dir);
                }
            }
        }
        String home = System.getProperty("loomlab.home");
        if (home != null) {
            out.add(Path.of(home, "cli", "target", "dist", "servers", server));
            out.add(Path.of(home, "servers", server, "target", "server-lib"));
        }
        return out;
    }

    private static boolean hasJars(Path dir) {
        try (var files = Files.list(dir)) {
            return files.anyMatch(f -> f.toString().endsWith(".jar"));
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
