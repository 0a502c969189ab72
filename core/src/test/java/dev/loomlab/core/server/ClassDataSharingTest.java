package dev.loomlab.core.server;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ClassDataSharingTest {
    @TempDir
    Path dir;

    @AfterEach
    void off() {
        System.clearProperty(ClassDataSharing.DIR_PROPERTY);
    }

    private List<String> flags(String kind, int feature, String classPath, List<String> userArgs) {
        return ClassDataSharing.flags(Path.of("/jdk"), "25.0.3", feature, kind, classPath, userArgs);
    }

    @Test
    void offUnlessTheLauncherNamesAFolder() {
        assertThat(flags("trial-sleep", 25, "a.jar", List.of())).isEmpty();
    }

    @Test
    void eachKindOfJvmGetsItsOwnArchiveAndPassesTheFolderOn() {
        System.setProperty(ClassDataSharing.DIR_PROPERTY, dir.resolve("cds").toString());
        List<String> sleep = flags("trial-sleep", 25, "a.jar", List.of());
        List<String> web = flags("trial-web", 25, "a.jar", List.of());
        List<String> rebuilt = flags("trial-sleep", 25, "a.jar:b.jar", List.of());

        assertThat(sleep).contains("-XX:+AutoCreateSharedArchive", "-D" + ClassDataSharing.DIR_PROPERTY + "=" + dir.resolve("cds"));
        assertThat(Files.isDirectory(dir.resolve("cds"))).as("a JDK refuses to write into a missing folder").isTrue();
        String archive = sleep.get(0);
        assertThat(archive).startsWith("-XX:SharedArchiveFile=" + dir.resolve("cds").resolve("trial-sleep-25.0.3-")).endsWith(".jsa");
        assertThat(web.get(0)).isNotEqualTo(archive);
        assertThat(rebuilt.get(0)).as("another class path, another archive").isNotEqualTo(archive);
        assertThat(flags("trial-sleep", 25, "a.jar", List.of()).get(0)).as("the same JVM finds its archive again").isEqualTo(archive);
    }

    @Test
    void theUsersOwnSharingFlagsAndOldJdksTurnItOff() {
        System.setProperty(ClassDataSharing.DIR_PROPERTY, dir.toString());
        assertThat(flags("trial-sleep", 18, "a.jar", List.of())).as("no AutoCreateSharedArchive before 19").isEmpty();
        for (String own : List.of("-Xshare:off", "-XX:SharedArchiveFile=/x.jsa", "-XX:AOTCache=app.aot", "-XX:-UseSharedSpaces")) {
            assertThat(flags("trial-sleep", 25, "a.jar", List.of("-Xmx1g", own))).as(own).isEmpty();
        }
        assertThat(flags("trial-sleep", 25, "a.jar", List.of("-Xmx1g"))).isNotEmpty();
    }

    /** The JDK archives only from jars; its dump fails at exit with a folder of classes and the JVM exits 1 instead. */
    @Test
    void aClassPathWithAFolderOfClassesGetsNoArchive() throws Exception {
        System.setProperty(ClassDataSharing.DIR_PROPERTY, dir.resolve("cds").toString());
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.writeString(classes.resolve("A.class"), "");
        String sep = java.io.File.pathSeparator;
        assertThat(flags("EchoServer", 25, "a.jar" + sep + classes, List.of())).isEmpty();
        assertThat(flags("EchoServer", 25, "a.jar" + sep + empty, List.of())).as("an empty folder the JDK accepts").isNotEmpty();
    }

    @Test
    void aJvmWritesItsArchiveOnlyWhileItIsMissing() throws Exception {
        System.setProperty(ClassDataSharing.DIR_PROPERTY, dir.toString());
        List<String> flags = flags("EchoServer", 25, "a.jar", List.of());
        assertThat(ClassDataSharing.writesArchive(flags)).isTrue();
        Files.writeString(Path.of(flags.get(0).substring("-XX:SharedArchiveFile=".length())), "archive");
        assertThat(ClassDataSharing.writesArchive(flags)).isFalse();
        assertThat(ClassDataSharing.writesArchive(List.of())).as("sharing off: nothing to write").isFalse();
    }
}
