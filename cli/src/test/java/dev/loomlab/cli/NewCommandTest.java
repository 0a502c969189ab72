package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.process.ChildJvmFlags;
import dev.loomlab.core.process.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab new}: refuses a folder in use and a name that is no package, and writes projects that build
 * offline with the Maven wrapper they ship, in Java and in Kotlin. It takes more than 10 s: each language's project is
 * built once by Maven (the Kotlin compiler's the slower), shared by the tests that need it, and benchmarked in a trial JVM.
 */
class NewCommandTest {
    private static final String PKG = "org.acme.load";
    /** Not a bound on the build's time: only what a hung build may take before it fails the test. */
    private static final Duration BUILD_LIMIT = Duration.ofMinutes(10);
    /** Each language's project, built once for the tests that need it. */
    private static final Map<Boolean, Path> BUILT = new HashMap<>();

    @TempDir
    static Path tmp;

    @Test
    void aFolderThatHoldsAFileIsRefusedAndKeptAsItWas() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        CliHarness.Outcome o = CliHarness.run("new", dir.toString());
        CliHarness.assertBadInput(o, "exists and is not an empty folder");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(dir.resolve("notes.txt"));
        }
        assertThat(Files.readString(dir.resolve("notes.txt"))).isEqualTo("mine");
    }

    @Test
    void aFileInTheWayIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        CliHarness.assertBadInput(CliHarness.run("new", file.toString()), "exists and is not an empty folder");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1acme", "org..acme", "org.acme.", "org.acme.class", "org-acme", "org.acme.bench$", "_"})
    void aNameThatIsNoJavaPackageIsRefusedAndNothingIsWritten(String pkg) {
        Path dir = tmp.resolve("bad-package");
        CliHarness.assertBadInput(CliHarness.run("new", dir.toString(), "--package", pkg), "--package: '" + pkg + "' is not a Java package name");
        assertThat(dir).doesNotExist();
    }

    @Test
    void aKotlinKeywordIsRefusedOnlyForKotlin() {
        Path kotlin = tmp.resolve("kotlin-in");
        CliHarness.assertBadInput(CliHarness.run("new", kotlin.toString(), "--package", "org.acme.in", "--kotlin"), "'in', a keyword of Kotlin");
        assertThat(kotlin).doesNotExist();

        Path java = tmp.resolve("java-in");
        CliHarness.Outcome o = CliHarness.run("new", java.toString(), "--package", "org.acme.in");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(java.resolve("src/main/java/org/acme/in/HttpTask.java")).content().startsWith("package org.acme.in;");
    }

    @Test
    void anUnwritablePlaceIsOneLineAndLeavesNothing() throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-folder"), "x");
        CliHarness.assertBadInput(CliHarness.run("new", file.resolve("sub").toString()), "cannot write to");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void theJavaProjectBuildsOfflineWithItsOwnWrapper() throws Exception {
        Path dir = built(false);
        assertThat(dir.resolve("target/classes/org/acme/load/HttpTask.class")).isRegularFile();
        // the runtime class path of a project with no dependencies yet
        assertThat(dir.resolve("target/classpath.txt")).content().isBlank();
        assertThat(dir.resolve("target/surefire-reports/TEST-org.acme.load.HttpTaskTest.xml")).content()
                .contains("tests=\"3\"").contains("failures=\"0\"").contains("errors=\"0\"");
    }

    @Test
    void theKotlinProjectBuildsOfflineWithItsOwnWrapper() throws Exception {
        Path dir = built(true);
        assertThat(dir.resolve("target/classes/org/acme/load/HttpTask.class")).isRegularFile();
        assertThat(dir.resolve("src/main/java")).doesNotExist();
        assertThat(dir.resolve("target/classpath.txt")).content().contains("kotlin-stdlib");
        assertThat(dir.resolve("target/surefire-reports/TEST-org.acme.load.HttpTaskTest.xml")).content()
                .contains("tests=\"3\"").contains("failures=\"0\"").contains("errors=\"0\"");
    }

    /** The hint and the README give the same commands, with the package and the class path for the language. */
    @Test
    void theHintAndTheReadmeSayHowToBuildAndBenchmark() throws Exception {
        String launcher = Path.of(System.getProperty("loomlab.home")).resolve("loomlab").toString();
        for (boolean kotlin : List.of(false, true)) {
            Path dir = tmp.resolve(kotlin ? "hint-kotlin" : "hint-java");
            List<String> args = kotlin ? List.of("new", dir.toString(), "--package", PKG, "--kotlin")
                    : List.of("new", dir.toString(), "--package", PKG);
            CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
            assertThat(o.exit()).as(o.err()).isZero();
            assertThat(o.err()).isEmpty();
            String classpath = kotlin ? "\"target/classes:$(cat target/classpath.txt)\"" : "target/classes";
            String benchmark = launcher + " run task --classpath " + classpath + " --task org.acme.load.HttpTask"
                    + " -m platform:10,virtual -p tasks=2000";
            List<String> lines = o.out().lines().toList();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(1)).isEqualTo("  cd " + dir + " && ./mvnw -q package");
            assertThat(lines.get(2)).isEqualTo("  " + benchmark);
            String readme = Files.readString(dir.resolve("README.md"));
            assertThat(readme).contains("./mvnw -q package").contains(benchmark).doesNotContain("{{");
            assertThat(dir.resolve("mvnw").toFile().canExecute()).isTrue();
            assertThat(dir.resolve(".mvn/wrapper/maven-wrapper.properties")).content()
                    .isEqualTo(Files.readString(Path.of(System.getProperty("loomlab.home"), ".mvn/wrapper/maven-wrapper.properties")));
            assertThat(dir.resolve("pom.xml")).content().contains("<groupId>org.acme.load</groupId>")
                    .contains("<artifactId>" + dir.getFileName() + "</artifactId>").doesNotContain("loomlab-");
        }
    }

    /** The pinned versions are loomlab's own, which a machine that built loomlab holds: the offline build rests on it. */
    @Test
    void theProjectPinsTheVersionsOfLoomlabsOwnBuild() throws Exception {
        Document ours = xml(Path.of(System.getProperty("loomlab.home"), "pom.xml"));
        Map<String, String> ourPlugins = pluginVersions(ours);
        for (boolean kotlin : List.of(false, true)) {
            Path dir = tmp.resolve(kotlin ? "versions-kotlin" : "versions-java");
            CliHarness.Outcome o = kotlin ? CliHarness.run("new", dir.toString(), "--kotlin") : CliHarness.run("new", dir.toString());
            assertThat(o.exit()).as(o.err()).isZero();
            Document theirs = xml(dir.resolve("pom.xml"));
            for (String property : kotlin ? List.of("kotlin.version", "junit.version") : List.of("junit.version")) {
                String version = text(ours, "/project/properties/" + property);
                assertThat(version).as(property).isNotBlank();
                assertThat(text(theirs, "/project/properties/" + property)).as(property).isEqualTo(version);
            }
            Map<String, String> theirPlugins = pluginVersions(theirs);
            assertThat(theirPlugins).containsOnlyKeys("maven-clean-plugin", "maven-resources-plugin", "maven-compiler-plugin",
                    "maven-surefire-plugin", "maven-jar-plugin", "maven-install-plugin", "maven-dependency-plugin");
            theirPlugins.forEach((plugin, version) -> assertThat(version).as(plugin).isEqualTo(ourPlugins.get(plugin)));
        }
    }

    private static Document xml(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    }

    private static String text(Document doc, String path) throws Exception {
        return XPathFactory.newInstance().newXPath().evaluate(path, doc);
    }

    private static Map<String, String> pluginVersions(Document doc) throws Exception {
        NodeList plugins = (NodeList) XPathFactory.newInstance().newXPath()
                .evaluate("/project/build/pluginManagement/plugins/plugin", doc, XPathConstants.NODESET);
        Map<String, String> versions = new HashMap<>();
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            versions.put(plugin.getElementsByTagName("artifactId").item(0).getTextContent(),
                    plugin.getElementsByTagName("version").item(0).getTextContent());
        }
        return versions;
    }

    /** An empty folder is as good as a new one. */
    @Test
    void anEmptyFolderIsUsed() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("empty"));
        CliHarness.Outcome o = CliHarness.run("new", dir.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(dir.resolve("src/main/java/com/example/bench/HttpTask.java")).content()
                .startsWith("package com.example.bench;");
    }

    /**
     * Each built project's task runs in a trial JVM from its class path (the Kotlin one with kotlin-stdlib). One model per
     * language, a trial JVM each: the class path and the task are the language's, not the model's, and the two models of the
     * hint are both run, one with each language.
     */
    @Test
    void runTaskBenchmarksTheBuiltProjects() throws Exception {
        for (boolean kotlin : List.of(false, true)) {
            Path dir = built(kotlin);
            String classpath = dir.resolve("target/classes").toString();
            if (kotlin) {
                classpath += File.pathSeparator + Files.readString(dir.resolve("target/classpath.txt")).strip();
            }
            Path out = tmp.resolve(kotlin ? "results-kotlin" : "results-java");
            String model = kotlin ? "virtual" : "platform:10";
            CliHarness.Outcome o = CliHarness.run("run", "task", "--classpath", classpath, "--task", PKG + ".HttpTask",
                    "-m", model, "-p", "tasks=20", "--forks", "1", "--warmup", "0", "--iterations", "2",
                    "--timeout", "2m", "--out", out.toString());
            assertThat(o.exit()).as(o.out() + o.err()).isZero();
            List<JsonNode> results = RunContractTest.results(out);
            assertThat(results).extracting(r -> r.get("model").asText()).containsExactly(model);
            for (JsonNode r : results) {
                assertThat(r.get("status").asText()).as(r.toString()).isEqualTo("ok");
                // every call waits for the task's default 100 ms delay
                assertThat(r.get("metrics").get("wall_ms").get("median").asDouble()).as(r.toString()).isGreaterThanOrEqualTo(100.0);
            }
        }
    }

    /**
     * The project of one language, written and built with its own wrapper, offline, by the JDK running this test.
     * When writing or building it fails, its folder goes with the failure, so that the next test that needs the
     * project writes it afresh instead of being refused a folder in use.
     */
    private static synchronized Path built(boolean kotlin) throws Exception {
        Path done = BUILT.get(kotlin);
        if (done != null) {
            return done;
        }
        Path dir = tmp.resolve(kotlin ? "kotlin-bench" : "java-bench");
        try {
            List<String> args = kotlin ? List.of("new", dir.toString(), "--package", PKG, "--kotlin")
                    : List.of("new", dir.toString(), "--package", PKG);
            CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
            assertThat(o.exit()).as(o.err()).isZero();

            Path log = tmp.resolve(dir.getFileName() + ".log");
            ProcessBuilder build = new ProcessBuilder(dir.resolve("mvnw").toString(), "-B", "-q", "-o", "package")
                    .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            build.environment().put("JAVA_HOME", System.getProperty("java.home"));
            // Maven's JVM, which compiles the project (the Kotlin compiler runs in it), gets the flags this suite gives every
            // JVM it starts (ChildJvmFlags): C1 only costs a build of seconds about a third less CPU (the Kotlin project's
            // measured 16.5 s → 10.8 s of CPU time, the Java project's 7.2 s → 4.5 s).
            String flags = System.getProperty(ChildJvmFlags.PROPERTY, "").strip();
            if (!flags.isEmpty()) {
                build.environment().merge("MAVEN_OPTS", flags, (theirs, ours) -> theirs + " " + ours);
            }
            // Other builds on this machine may run a Kotlin daemon of their own: only one this build left counts.
            java.util.Set<Long> kotlinBefore = kotlinDaemons().collect(java.util.stream.Collectors.toSet());
            ChildProcess maven = ChildProcess.start(build);
            assertThat(maven.waitOrKill(BUILD_LIMIT)).as("build still running after " + BUILD_LIMIT).isTrue();
            assertThat(maven.exitValue()).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();
            if (kotlin) {
                // The generated pom compiles Kotlin in Maven's own JVM: no compile daemon outlives the build.
                assertThat(kotlinDaemons().filter(pid -> !kotlinBefore.contains(pid)).map(pid -> pid + " "
                        + ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("")))
                        .as("Kotlin daemons started by the build and still alive").isEmpty();
            }
        } catch (Throwable e) {
            if (Files.exists(dir)) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
            throw e;
        }
        BUILT.put(kotlin, dir);
        return dir;
    }

    /** The pids of the Kotlin compile daemons alive now, anyone's. */
    private static Stream<Long> kotlinDaemons() {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("KotlinCompileDaemon") || c.contains("kotlin-daemon")).orElse(false))
                .map(ProcessHandle::pid);
    }
}
