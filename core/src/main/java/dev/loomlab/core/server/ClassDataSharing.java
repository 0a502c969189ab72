package dev.loomlab.core.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A class-data sharing archive for each JVM loomlab starts (trials, servers): the JVM maps loomlab's and
 * its libraries' classes from the archive instead of loading, verifying and linking them from the jars,
 * which shortens its start. The first JVM of a kind writes the archive when it exits
 * ({@code -XX:+AutoCreateSharedArchive}); every later one reads it, and a stale archive (a rebuilt jar)
 * is rewritten. Each JDK, kind of JVM and class path has its own. It changes how classes get into the
 * JVM before anything is timed, not the code that runs: no profiles, no compiled code
 * (docs/methodology.md, Trial start).
 *
 * <p>On only when {@value #DIR_PROPERTY} names a folder (the launcher sets it to the distribution's
 * {@code cds/}), on JDK 19 and later, and never when the user's JVM flags choose class sharing themselves or the
 * class path holds a folder of classes.
 */
public final class ClassDataSharing {
    /** System property: the folder archives live in; unset turns class-data sharing off. */
    public static final String DIR_PROPERTY = "loomlab.cds";
    /** The first JDK with {@code -XX:+AutoCreateSharedArchive}. */
    static final int MIN_FEATURE = 19;
    private static final String ARCHIVE_FLAG = "-XX:SharedArchiveFile=";

    private ClassDataSharing() {
    }

    /** The archive folder from {@value #DIR_PROPERTY}, or null when class-data sharing is off. */
    public static Path dir() {
        String dir = System.getProperty(DIR_PROPERTY);
        return dir == null || dir.isBlank() ? null : Path.of(dir);
    }

    /**
     * The flags that give a JVM its archive, and pass the folder on to the JVMs it starts in turn;
     * empty when sharing is off, the JDK is older than {@value #MIN_FEATURE} or {@code userArgs} set
     * class sharing themselves.
     *
     * @param javaHome  the JDK that will run the JVM
     * @param feature   its major version
     * @param kind      what the JVM is for, one archive each: a server's main class, a trial's scenario
     *                  (the classes a trial loads depend on its scenario)
     * @param classPath its class path (a rebuilt or different class path gets its own archive)
     */
    public static List<String> flags(Path javaHome, String version, int feature, String kind, String classPath,
                                     List<String> userArgs) {
        Path dir = dir();
        if (dir == null || feature < MIN_FEATURE || userArgs.stream().anyMatch(ClassDataSharing::choosesSharing)
                || hasClassFolder(classPath)) {
            return List.of();
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            return List.of();
        }
        if (!Files.isWritable(dir)) {
            return List.of();
        }
        String name = kind.replaceAll("[^A-Za-z0-9.-]+", "_") + "-" + version.replaceAll("[^A-Za-z0-9.]+", "_") + "-"
                + hash(javaHome.toAbsolutePath() + "\n" + classPath) + ".jsa";
        return List.of(ARCHIVE_FLAG + dir.resolve(name).toAbsolutePath(), "-XX:+AutoCreateSharedArchive",
                // The JDK warns about every class it cannot archive (generated proxies, …): not the user's concern.
                "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-D" + DIR_PROPERTY + "=" + dir.toAbsolutePath());
    }

    /**
     * True when {@code flags} (from {@link #flags}) name an archive that does not exist yet: the JVM
     * writes it when it exits normally, so it must not be killed.
     */
    public static boolean writesArchive(List<String> flags) {
        return flags.stream().filter(f -> f.startsWith(ARCHIVE_FLAG)).findFirst()
                .map(f -> !Files.isRegularFile(Path.of(f.substring(ARCHIVE_FLAG.length())))).orElse(false);
    }

    /**
     * True when {@code classPath} names a folder with something in it (classes built in place, not a jar): the JDK
     * cannot archive from one, and its failed dump at exit would turn a clean exit into exit code 1.
     */
    static boolean hasClassFolder(String classPath) {
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry.isEmpty() ? "." : entry);
            if (Files.isDirectory(p)) {
                try (var listing = Files.list(p)) {
                    if (listing.findAny().isPresent()) {
                        return true;
                    }
                } catch (IOException e) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True for a flag by which the user decides class sharing (an archive, AOT cache, or sharing off). */
    static boolean choosesSharing(String arg) {
        return arg.startsWith("-Xshare") || arg.contains("SharedArchiveFile") || arg.contains("ArchiveClassesAtExit")
                || arg.contains("UseSharedSpaces") || arg.contains("AOTCache") || arg.contains("AOTMode")
                || arg.startsWith("-D" + DIR_PROPERTY + "=");
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
