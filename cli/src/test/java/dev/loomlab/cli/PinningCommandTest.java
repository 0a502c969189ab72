package dev.loomlab.cli;

import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab pinning -- <java command>} on a small program (src/test/resources/pinning, compiled here
 * for Java 21) whose virtual threads block inside synchronized, a ReentrantLock or class initializers:
 * the stacks it reports, its exit codes, and its refusal of commands that are not Java programs.
 */
class PinningCommandTest {
    @TempDir
    static Path tmp;
    static Path classes;
    static Path jar;

    @BeforeAll
    static void compileTheFixture() throws IOException {
        classes = Files.createDirectories(tmp.resolve("classes"));
        Path source = tmp.resolve("PinningFixture.java");
        try (InputStream in = PinningCommandTest.class.getResourceAsStream("/pinning/PinningFixture.java")) {
            Files.copy(in, source);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "--release", "21", "-d", classes.toString(), source.toString())).isZero();
        jar = tmp.resolve("fixture.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "PinningFixture");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest);
             Stream<Path> files = Files.list(classes)) {
            for (Path f : files.toList()) {
                jarOut.putNextEntry(new JarEntry(f.getFileName().toString()));
                jarOut.write(Files.readAllBytes(f));
                jarOut.closeEntry();
            }
        }
    }

    private static CliHarness.Outcome pinning(String... args) {
        List<String> all = new ArrayList<>(List.of("pinning"));
        all.addAll(Arrays.asList(args));
        return CliHarness.run(all.toArray(String[]::new));
    }

    /** The events the scan reported; a thread's first pinned park may start late, so the tests count from 0 ms. */
    private static int events(CliHarness.Outcome o) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^pinned: ([\\d,]+) events?").matcher(o.out());
        assertThat(m.find()).as(o.out()).isTrue();
        return Integer.parseInt(m.group(1).replace(",", ""));
    }

    @Test
    void aProgramBlockingInClassInitializersIsReportedWithItsStacks() {
        CliHarness.Outcome o = pinning("--threshold", "0ms", "--", "java", "-cp", classes.toString(), "PinningFixture", "clinit");
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        assertThat(events(o)).isGreaterThanOrEqualTo(4);
        assertThat(o.out()).contains("fixture done: clinit")
                .contains("the program exited with code 0")
                .containsPattern("top [45] of \\d+ distinct stacks")
                .contains("PinningFixture.sleep:")
                .contains("PinningFixture$Init0.<clinit>:")
                .contains("PinningFixture.block:");
    }

    /** --prof records the program's whole run: recordings and flame graphs in --prof-dir, top frames and the verdict on the console. */
    @Test
    void profProfilesTheWholeProgramAndTheVerdictIsPinned() throws IOException {
        Path dir = tmp.resolve("prof");
        CliHarness.Outcome o = pinning("--threshold", "0ms", "--prof", "jfr", "--prof", "async:cpu", "--prof-dir", dir.toString(),
                "--", "java", "-cp", classes.toString(), "PinningFixture", "clinit");
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        assertThat(dir.resolve("program.jfr")).isNotEmptyFile();
        assertThat(dir.resolve("program.async-cpu.jfr")).isNotEmptyFile();
        assertThat(o.out()).contains("profile jfr: " + dir.resolve("program.jfr"))
                .contains("profile async:cpu: " + dir.resolve("program.async-cpu.jfr"))
                .contains("flame graph: " + dir.resolve("program.async-cpu-cpu.html"))
                .contains("virtual threads: ").contains("pinned to a carrier");
        assertThat(dir.resolve("program.async-cpu-cpu.html")).isNotEmptyFile();
    }

    @Test
    void profGcIsRefusedForAWholeProgram() {
        CliHarness.Outcome o = pinning("--prof", "gc", "--", "java", "-cp", classes.toString(), "PinningFixture", "reentrant");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err()).startsWith("loomlab: ").contains("gc");
    }

    @Test
    void failOnPinningExitsOneWhenThreadsPinnedAndZeroWhenNot() {
        CliHarness.Outcome pinned = pinning("--fail-on-pinning", "--", "java", "-cp", classes.toString(), "PinningFixture", "clinit");
        assertThat(pinned.exit()).as(pinned.out() + pinned.err()).isEqualTo(1);
        assertThat(pinned.out()).contains("pinning found (--fail-on-pinning): exit 1");

        CliHarness.Outcome clean = pinning("--fail-on-pinning", "--", "java", "-cp", classes.toString(), "PinningFixture", "reentrant");
        assertThat(clean.exit()).as(clean.out() + clean.err()).isZero();
        assertThat(clean.out()).contains("fixture done: reentrant").contains("no virtual thread was pinned for 20ms or longer");
    }

    @Test
    void synchronizedDoesNotPinOnThisJdkSinceJep491() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 24);
        assertNothingPinnedFor("0ms", "synchronized");
    }

    @Test
    void pinsShorterThanTheThresholdAreNotReported() {
        assertNothingPinnedFor("5s", "clinit");
    }

    /** The fixture's {@code kind} of lock under {@code --fail-on-pinning --threshold threshold}: exit 0, nothing reported. */
    private void assertNothingPinnedFor(String threshold, String kind) {
        CliHarness.Outcome o = pinning("--fail-on-pinning", "--threshold", threshold, "--", "java", "-cp", classes.toString(),
                "PinningFixture", kind);
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).contains("no virtual thread was pinned for " + threshold + " or longer");
    }

    @Test
    void aJarOrJvmOptionsRunOnTheJdkRunningLoomlab() {
        CliHarness.Outcome fromJar = pinning("--fail-on-pinning", "--threshold", "0ms", jar.toString(), "clinit");
        assertThat(fromJar.exit()).as(fromJar.out() + fromJar.err()).isEqualTo(1);
        assertThat(fromJar.out()).contains("(Java " + System.getProperty("java.version") + ")").contains("fixture done: clinit");
        assertThat(events(fromJar)).isGreaterThanOrEqualTo(4);

        CliHarness.Outcome fromOptions = pinning("--threshold", "0ms", "--", "-cp", classes.toString(), "PinningFixture", "clinit");
        assertThat(fromOptions.exit()).as(fromOptions.out() + fromOptions.err()).isZero();
        assertThat(events(fromOptions)).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aFailingProgramExitsOne() {
        CliHarness.Outcome o = pinning("--", "java", "-cp", classes.toString(), "PinningFixture", "exit3");
        assertThat(o.exit()).isEqualTo(1);
        assertThat(o.out()).contains("the program exited with code 3");
    }

    @Test
    void onJdk21SynchronizedPinsAndItsStackIsReported() {
        String jdk21 = Jdk21Runtime.home();
        CliHarness.Outcome viaJvm = pinning("--fail-on-pinning", "--threshold", "0ms", "--jvm", jdk21, "--", "java", "-cp",
                classes.toString(), "PinningFixture", "synchronized");
        assertThat(viaJvm.exit()).as(viaJvm.out() + viaJvm.err()).isEqualTo(1);
        assertThat(viaJvm.out()).contains("(Java 21.").contains("PinningFixture.block:");
        assertThat(events(viaJvm)).isGreaterThanOrEqualTo(4);

        CliHarness.Outcome viaPath = pinning("--", Path.of(jdk21, "bin", "java").toString(), "-cp", classes.toString(),
                "PinningFixture", "reentrant");
        assertThat(viaPath.exit()).as(viaPath.out() + viaPath.err()).isZero();
        assertThat(viaPath.out()).contains("(Java 21.").contains("no virtual thread was pinned");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "pinning -- ls -l",
            "pinning -- echo java",
            "pinning -- java -version",
            "pinning -- java -cp somewhere",
            "pinning -- java -jar",
            "pinning -- no-such.jar",
            "pinning -- java -jar no-such.jar",
            "pinning -- /no/such/bin/java -cp . Main",
            "pinning --threshold 5 -- java -cp . Main",
            "pinning --threshold -1ms -- java -cp . Main",
            "pinning --jvm /no/such/jdk -- java -cp . Main",
            "pinning"})
    void aCommandThatIsNotAJavaProgramIsOneLineAndExitTwo(String command) {
        CliHarness.Outcome o = CliHarness.run(command.split(" "));
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: ").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(o.out()).isEmpty();
    }

    @Test
    void aJavaOlderThan21IsRefused() throws IOException {
        Path fake = Files.createDirectories(tmp.resolve("jdk17/bin"));
        Path java = Files.writeString(fake.resolve("java"), "#!/bin/sh\necho 'openjdk version \"17.0.9\"' >&2\n");
        java.toFile().setExecutable(true);
        Files.writeString(fake.getParent().resolve("release"), "JAVA_VERSION=\"17.0.9\"\n");
        CliHarness.Outcome o = pinning("--", java.toString(), "-cp", ".", "Main");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("loomlab: java " + java + ": Java 17.0.9 is too old; loomlab needs a JDK >= 21");
    }
}
