package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.Taskset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The launcher script itself, run by bash: which JDK it picks, its one-line refusal without a JDK 25,
 * and when it builds. A copy of it runs in a scratch project with a fake Maven wrapper (which records each
 * build) and fake JDKs (whose {@code java} says which one ran), so nothing real is built or started.
 */
class LauncherTest {
    // Not a @TempDir: JUnit warns about the symbolic links below when it cleans one up.
    private final Path tmp = createTemp();

    private static Path createTemp() {
        try {
            return Files.createTempDirectory("loomlab-launcher-test");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterEach
    void cleanUp() throws java.io.IOException {
        try (var paths = Files.walk(tmp)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void withoutAJdk25TheLauncherExitsTwoWithOneLine() throws Exception {
        Path launcher = Path.of(System.getProperty("loomlab.home", "..")).resolve("loomlab").toAbsolutePath().normalize();
        assertThat(launcher).isExecutable();
        Path bin = toolsOnly();
        ProcessBuilder pb = new ProcessBuilder(bin.resolve("bash").toString(), launcher.toString(), "list");
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("JAVA_HOME", tmp.resolve("no-jdk").toString());
        pb.environment().put("LOOMLAB_JDK_SEARCH", tmp.resolve("nothing-here/*").toString());
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(2);
        assertThat(out.strip().lines()).hasSize(1);
        assertThat(out).startsWith("loomlab: no JDK >= 25 found").contains("no-jdk");
    }

    @Test
    void javaHomeComesFirstEvenWhenANewerJdkIsInstalled() throws Exception {
        Path project = project();
        Path jdk25 = fakeJdk("jdk-25", "25.0.1");
        fakeJdk("jdk-99", "99");
        Run run = launch(project, jdk25.toString(), "list");
        assertThat(run.out()).contains("ran jdk-25").doesNotContain("ran jdk-99");
    }

    @Test
    void withoutJavaHomeOrWithATooOldOneTheNewestJdkFoundRuns() throws Exception {
        Path project = project();
        Path jdk17 = fakeJdk("jdk-17", "17.0.9");
        fakeJdk("jdk-25", "25.0.1");
        fakeJdk("jdk-99", "99");
        assertThat(launch(project, null, "list").out()).contains("ran jdk-99");
        assertThat(launch(project, jdk17.toString(), "list").out()).contains("ran jdk-99");
    }

    @Test
    void itBuildsOnFirstUseAndAgainOnlyAfterASourceChanged() throws Exception {
        Path project = project();
        Path jdk = fakeJdk("jdk-25", "25.0.1");
        Path builds = project.resolve("builds.log");

        Run first = launch(project, jdk.toString(), "list");
        assertThat(first.out()).contains("building with " + jdk).contains("ran jdk-25");
        assertThat(Files.readAllLines(builds)).hasSize(1);

        Run second = launch(project, jdk.toString(), "list");
        assertThat(second.out()).doesNotContain("building").contains("ran jdk-25");
        assertThat(Files.readAllLines(builds)).as("nothing changed, nothing built").hasSize(1);

        Path source = project.resolve("core/src/main/java/Some.java");
        Files.setLastModifiedTime(source, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Run third = launch(project, jdk.toString(), "list");
        assertThat(third.out()).contains("building").contains("ran jdk-25");
        assertThat(Files.readAllLines(builds)).as("a changed source is built").hasSize(2);
    }

    /**
     * The judged example, {@code bash -c 'ulimit -n 1024; ./loomlab doctor echo'}: echo at its defaults holds 100,000
     * connections, so the doctor exits 1 naming the limit and the fix. The launcher raises the hard limit where it
     * may (with CAP_SYS_RESOURCE): there the JVMs it starts would have enough, and the test is skipped. The launcher
     * is the real one; its {@code java} is this JDK's, with this build's class path in place of dist/lib.
     */
    @Test
    void doctorEchoUnderAnOpenFileLimitOf1024ExitsOneNamingTheLimitAndTheFix() throws Exception {
        Process raise = new ProcessBuilder("bash", "-c", "ulimit -n 1024 && ulimit -Hn 1025").redirectErrorStream(true).start();
        raise.getInputStream().readAllBytes();
        assertThat(raise.waitFor(60, TimeUnit.SECONDS)).isTrue();
        org.junit.jupiter.api.Assumptions.assumeTrue(raise.exitValue() != 0,
                "this user may raise its hard open-file limit, so the launcher would lift 1024 itself");
        Path project = project();
        Path jdk = realJdk();
        List<String> command = List.of("/bin/bash", "-c", "ulimit -n 1024; exec bash \"$0\" doctor echo", project.resolve("loomlab").toString());
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", toolsOnly().toString());
        pb.environment().put("HOME", tmp.resolve("home").toString());
        pb.environment().put("LOOMLAB_JDK_SEARCH", tmp.resolve("jdks").toString() + "/*");
        pb.environment().put("JAVA_HOME", jdk.toString());
        pb.environment().put("LOOMLAB_TEST_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out).contains("fail  open-files   ulimit -n: soft 1024, hard 1024").contains("echo holds at most 24 at once")
                .contains("fix: ulimit -n 110000").contains("LimitNOFILE=110000")
                .contains("echo cannot run as asked here: open-files failed");
    }

    /**
     * {@code load --cpus LIST}: the generator runs in the CLI's JVM, so the launcher starts that JVM on the list with taskset
     * (the fake {@code java} prints the CPUs it runs on, from its /proc status) and tells it the CPUs the launcher itself had.
     * Any other command, and a list taskset refuses, start the JVM as usual: the CLI then names what is wrong.
     */
    @Test
    void loadCpusStartsTheJvmOnThemThroughTaskset() throws Exception {
        Optional<CpuList> allowed = CpuAffinity.ofThisProcess();
        assumeTrue(Taskset.find().isPresent() && allowed.isPresent() && allowed.get().size() >= 2,
                "needs taskset and two CPUs this process may use");
        String first = Integer.toString(allowed.get().first());
        Path project = project();
        Path jdk = fakeJdk("jdk-25", "25.0.1");
        script(jdk.resolve("bin/java"), "while read -r key value; do\n"
                + "  if [ \"$key\" = Cpus_allowed_list: ]; then echo \"ran on $value\"; fi\n"
                + "done < /proc/self/status\necho \"ran with $*\"\n");
        String url = "http://127.0.0.1:9/";

        assertThat(launch(project, jdk.toString(), "load", url, "--cpus", first).out()).contains("ran on " + first + "\n")
                .contains("-D" + GeneratorCpus.LAUNCH_CPUS + "=" + allowed.get() + " ");
        assertThat(launch(project, jdk.toString(), "load", url, "--users", "1", "--cpus=" + first).out())
                .contains("ran on " + first + "\n");
        assertThat(launch(project, jdk.toString(), "load", url, "--cpus", "x").out()).contains("ran on " + allowed.get() + "\n")
                .doesNotContain(GeneratorCpus.LAUNCH_CPUS);
        assertThat(launch(project, jdk.toString(), "serve", "jdk", "--cpus", first).out()).contains("ran on " + allowed.get() + "\n");

        // The real CLI started so takes the list, and its result records the generator's CPUs as its own /proc shows them
        // (nothing listens on port 9: no request succeeds, exit 1, and no service's CPUs to record).
        Path out = tmp.resolve("out");
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", project.resolve("loomlab").toString(), "load", url, "--users", "1",
                "--duration", "100ms", "--cpus", first, "--out", out.toString()).directory(project.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", toolsOnly().toString());
        pb.environment().put("HOME", tmp.resolve("home").toString());
        pb.environment().put("LOOMLAB_JDK_SEARCH", tmp.resolve("jdks").toString() + "/*");
        pb.environment().put("JAVA_HOME", realJdk().toString());
        pb.environment().put("LOOMLAB_TEST_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(said).isEqualTo(1);
        assertThat(said).contains("loomlab load: generator on CPU " + first + "\n").contains("no request succeeded");
        JsonNode params = RunContractTest.results(out).getFirst().get("params");
        assertThat(params.get("load-cpus").asText()).isEqualTo(first);
        assertThat(params.has("server-cpus")).isFalse();
    }

    /**
     * A JDK 25 home for the launcher whose {@code bin/java} runs this JVM's {@code java} with this build's class path
     * instead of the {@code -cp} the launcher gives (the scratch project's empty dist/lib).
     */
    private Path realJdk() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("jdks").resolve("real-25"));
        Files.createDirectories(home.resolve("bin"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        script(home.resolve("bin/java"), "args=()\nnext=\nfor a in \"$@\"; do\n"
                + "  if [ -n \"$next\" ]; then args+=(\"$LOOMLAB_TEST_CP\"); next=; continue; fi\n"
                + "  [ \"$a\" = -cp ] && next=1\n  args+=(\"$a\")\ndone\n"
                + "exec '" + java + "' \"${args[@]}\"\n");
        script(home.resolve("bin/javac"), "exit 0\n");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + Runtime.version().feature() + "\"\n");
        return home;
    }

    private record Run(int exit, String out) {
    }

    /** Runs the project's launcher with {@code javaHome} (null: unset), searching only this test's fake JDKs. */
    private Run launch(Path project, String javaHome, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("/bin/bash", project.resolve("loomlab").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", toolsOnly().toString());
        pb.environment().put("HOME", tmp.resolve("home").toString());
        pb.environment().put("LOOMLAB_JDK_SEARCH", tmp.resolve("jdks").toString() + "/*");
        if (javaHome == null) {
            pb.environment().remove("JAVA_HOME");
        } else {
            pb.environment().put("JAVA_HOME", javaHome);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return new Run(p.exitValue(), out);
    }

    /** A scratch project: the real launcher, one source file, and a Maven wrapper that logs each build and makes dist/lib. */
    private Path project() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path launcher = Path.of(System.getProperty("loomlab.home", "..")).resolve("loomlab").toAbsolutePath().normalize();
        Files.copy(launcher, project.resolve("loomlab"));
        Path source = project.resolve("core/src/main/java/Some.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "class Some {}\n");
        script(project.resolve("mvnw"), "echo \"build $*\" >> builds.log\nmkdir -p cli/target/dist/lib\n");
        return project;
    }

    /** A JDK home whose release file says {@code version} and whose java prints {@code ran <name>}. */
    private Path fakeJdk(String name, String version) throws Exception {
        Path home = Files.createDirectories(tmp.resolve("jdks").resolve(name));
        Files.createDirectories(home.resolve("bin"));
        script(home.resolve("bin/java"), "echo \"ran " + name + " $*\"\n");
        script(home.resolve("bin/javac"), "exit 0\n");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    private static void script(Path file, String body) throws Exception {
        Files.writeString(file, "#!/bin/bash\n" + body);
        file.toFile().setExecutable(true);
    }

    /** A PATH with the shell tools the launcher uses, and no java or javac. */
    private Path toolsOnly() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : List.of("bash", "sed", "head", "dirname", "readlink", "find", "cat", "mktemp", "rm", "touch", "env",
                "mkdir", "mv", "taskset")) {
            for (String dir : List.of("/usr/bin", "/bin")) {
                Path p = Path.of(dir, tool);
                if (Files.isExecutable(p) && !Files.exists(bin.resolve(tool))) {
                    Files.createSymbolicLink(bin.resolve(tool), p);
                }
            }
        }
        return bin;
    }
}
