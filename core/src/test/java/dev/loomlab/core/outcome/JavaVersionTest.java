package dev.loomlab.core.outcome;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.trial.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JavaVersionTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({
            "25.0.3+9-LTS, 25",
            "21.0.8, 21",
            "21, 21",
            "17.0.9, 17",
            "26-ea, 26",
            "26-ea+5-2025, 26",
            "1.8.0_392, 8",
            "1.8.0, 8",
            "11.0.2+9, 11",
            "21.0.8-internal_vendor.build, 21"})
    void theFeatureReleaseOfEveryScheme(String text, int feature) {
        JavaVersion v = JavaVersion.parse(text);
        assertThat(v.feature()).isEqualTo(feature);
        assertThat(v.text()).isEqualTo(text);
        assertThat(JavaVersion.featureOf(text)).isEqualTo(Integer.toString(feature));
    }

    @Test
    void textThatIsNoVersion() {
        assertThat(JavaVersion.tryParse("openjdk")).isEmpty();
        assertThat(JavaVersion.tryParse(null)).isEmpty();
        assertThatThrownBy(() -> JavaVersion.parse("")).isInstanceOf(IllegalArgumentException.class);
        assertThat(JavaVersion.featureOf(null)).isEqualTo("?");
        assertThat(JavaVersion.featureOf("unknown")).isEqualTo("unknown");
    }

    /**
     * This JVM's feature release, checked against two sources the code under test does not read: the
     * specification version the JVM states ({@code java.specification.version}, e.g. {@code 25}) and the
     * {@code JAVA_VERSION} line of the {@code release} file in its {@code java.home}, read here by hand.
     */
    @Test
    void thisJvm() throws Exception {
        int spec = Integer.parseInt(System.getProperty("java.specification.version"));
        assertThat(spec).isGreaterThanOrEqualTo(Jdk.MIN_FEATURE);
        Path releaseFile = Path.of(System.getProperty("java.home"), "release");
        assertThat(releaseFile).exists();
        String releaseLine = Files.readAllLines(releaseFile).stream().filter(l -> l.startsWith("JAVA_VERSION="))
                .findFirst().orElseThrow();
        String releaseVersion = releaseLine.substring("JAVA_VERSION=".length()).replace("\"", "");
        int releaseFeature = Integer.parseInt(releaseVersion.split("[.+-]")[0]);
        assertThat(releaseFeature).as(releaseLine).isEqualTo(spec);

        assertThat(JavaVersion.current().feature()).isEqualTo(spec);
        assertThat(JavaVersion.current().text()).startsWith(releaseVersion);
        assertThat(JavaVersion.parse(JavaVersion.current().text()).feature()).isEqualTo(spec);
        assertThat(JavaVersion.parse(releaseVersion).feature()).isEqualTo(releaseFeature);
        assertThat(Jdk.current().feature()).isEqualTo(spec);
        assertThat(Jdk.current().version()).isEqualTo(releaseVersion);
    }

    @Test
    void theReleaseFileAndJavaDashVersion() {
        Properties release = new Properties();
        release.setProperty("JAVA_VERSION", "\"21.0.8\"");
        assertThat(JavaVersion.fromRelease(release)).contains("21.0.8");
        assertThat(JavaVersion.fromRelease(new Properties())).isEmpty();
        assertThat(JavaVersion.fromDashVersion("openjdk version \"25.0.1\" 2025-10-21\nOpenJDK Runtime Environment"))
                .contains("25.0.1");
        assertThat(JavaVersion.fromDashVersion("java version \"1.8.0_392\"\n")).contains("1.8.0_392");
        assertThat(JavaVersion.fromDashVersion("Error: no java")).isEmpty();
    }

    /** A Java 8 home, in the 1.8.0 scheme, is read as 8 and refused as too old. */
    @Test
    void aJdkOfTheOldSchemeIsTooOld() throws Exception {
        Path home = jdkHome("jdk8", "echo 'java version \"1.8.0_392\"' >&2");
        assertThatThrownBy(() -> Jdk.at(home.toString())).isInstanceOf(BadInputException.class)
                .hasMessageContaining("Java 1.8.0_392 is too old");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"1.8.0_392\"\nIMPLEMENTOR=\"Old Vendor\"\n");
        assertThatThrownBy(() -> Jdk.at(home.toString())).isInstanceOf(BadInputException.class)
                .hasMessageContaining("Java 1.8.0_392 is too old");
    }

    @Test
    void aJdkOfTodaysSchemeIsReadFromItsReleaseFile() throws Exception {
        Path home = jdkHome("jdk25", "exit 1");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"25.0.1\"\nIMPLEMENTOR=\"Some Vendor\"\n");
        Jdk jdk = Jdk.at(home.toString());
        assertThat(jdk.feature()).isEqualTo(25);
        assertThat(jdk.version()).isEqualTo("25.0.1");
        assertThat(jdk.vendor()).isEqualTo("Some Vendor");
    }

    /** A JDK home {@code name} in the test's folder whose {@code bin/java} is the shell script {@code script}. */
    private Path jdkHome(String name, String script) throws Exception {
        Path home = tmp.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n" + script + "\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        return home;
    }
}
