package dev.loomlab.cli;

import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bad-input corpus ({@code corpus/command-lines.txt}, one case a line): every case either runs or ends
 * with one line on stderr, exit 2 and nothing written; no stack trace ever reaches the user. The result
 * files it hands to report, advise and compare are the folders under {@code corpus/results/}.
 */
class BadInputTest {
    private static final String CORPUS = "/corpus/command-lines.txt";

    @TempDir
    static Path tmp;
    /** A copy of corpus/results: report and compare write into the folders they are given. */
    private static Path results;

    @BeforeAll
    static void copyTheFixtures() throws Exception {
        Path from = Path.of(BadInputTest.class.getResource("/corpus/results").toURI());
        results = tmp.resolve("results");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = results.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
    }

    static Stream<CorpusLine> corpus() throws Exception {
        List<String> lines = Files.readAllLines(Path.of(BadInputTest.class.getResource(CORPUS).toURI()));
        List<CorpusLine> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                cases.add(CorpusLine.parse(i + 1, line));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void eachCaseRunsOrIsOneLineWithExitTwo(CorpusLine raw) throws Exception {
        CorpusLine c = raw.in(results.toString());
        // Every case says what its output must contain: an exit code alone does not tell one refusal from another.
        assertThat(c.text()).as("the expected text of corpus " + c).isNotBlank();
        Path out = tmp.resolve("out-" + c.line());
        List<String> args = new ArrayList<>(c.args());
        boolean writes = !args.isEmpty() && (args.get(0).equals("run") || args.get(0).equals("load"));
        if (writes && args.stream().noneMatch(a -> a.equals("--out") || a.startsWith("--out="))) {
            args.addAll(List.of("--out", out.toString()));
        }
        List<Path> before = tree(results);
        CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
        assertThat(o.err()).as(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
        if (c.exit() == 2) {
            assertThat(o.exit()).as(o.err()).isEqualTo(2);
            assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
            assertThat(o.err()).startsWith("loomlab: ").contains(c.text());
            assertThat(out).doesNotExist();
            assertThat(tree(results)).as("files in the results folders").isEqualTo(before);
        } else {
            assertThat(o.exit()).as(o.err()).isEqualTo(c.exit());
            assertThat(o.out() + o.err()).contains(c.text());
        }
    }

    /** The corpus format: spaces split, quotes keep a part whole (an empty one too), fields split at ' | '. */
    @Test
    void theCorpusFormatSplitsAsItSays() {
        CorpusLine c = CorpusLine.parse(7, "2 | run sleep --jvm-args '-Xmx1g \"-Dx=a b' -m '' --out '' | is empty");
        assertThat(c.exit()).isEqualTo(2);
        assertThat(c.args()).containsExactly("run", "sleep", "--jvm-args", "-Xmx1g \"-Dx=a b", "-m", "", "--out", "");
        assertThat(c.text()).isEqualTo("is empty");
        assertThat(CorpusLine.parse(8, "0 | list").text()).isEmpty();
        assertThat(CorpusLine.parse(9, "0 | report {results}/good | {results}").in("/r"))
                .satisfies(r -> assertThat(r.args()).containsExactly("report", "/r/good"))
                .satisfies(r -> assertThat(r.text()).isEqualTo("/r"));
    }

    private static List<Path> tree(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.sorted().toList();
        }
    }

    /** A converter's refusal names the option and says what a good value looks like. */
    @Test
    void aConverterSaysWhichOptionAndWhy() {
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--timeout", "10", "--out", tmp.resolve("conv").toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("loomlab: --timeout: '10' needs a unit (ns, us, ms, s, m, h), e.g. 300ms");
        o = CliHarness.run("load", "http://127.0.0.1:1/get", "--rate", "0/s");
        assertThat(o.err().strip()).isEqualTo("loomlab: --rate: '0/s' must be above 0 requests per second (e.g. 5000/s)");
        o = CliHarness.run("load", "ftp://127.0.0.1/get", "--users", "5");
        assertThat(o.err().strip()).isEqualTo("loomlab: 'ftp://127.0.0.1/get' is not an http:// URL with a host "
                + "(e.g. http://127.0.0.1:8080/get)");
        o = CliHarness.run("serve", "jdk", "--bind", "example.com");
        assertThat(o.err().strip()).isEqualTo("loomlab: --bind: 'example.com' is not an IP address (e.g. 127.0.0.1, 127.0.0.2, ::1 "
                + "or 0.0.0.0)");
        // TEST-NET-1 (RFC 5737): documentation only, never an address of this machine
        o = CliHarness.run("serve", "jdk", "--bind", "192.0.2.1");
        assertThat(o.err().strip()).isEqualTo("loomlab: --bind: '192.0.2.1' is not an address of this machine "
                + "(e.g. 127.0.0.1, ::1 or 0.0.0.0)");
        o = CliHarness.run("run", "sleep", "--jvm-args", "-Xmx1g \"-Dx=a b", "--out", tmp.resolve("conv2").toString());
        assertThat(o.err().strip()).isEqualTo("loomlab: --jvm-args: unclosed quote in \"-Dx=a");
    }

    /**
     * {@code --cpus} where taskset is missing (a PATH without it) is one line and exit 2, before any server starts; and a
     * trial inside this JVM ({@code --forks 0}) cannot be started on {@code load-cpus}.
     */
    @Test
    void cpusNeedTasksetAndAJvmOfTheirOwn() throws Exception {
        String first = Integer.toString(CpuAffinity.ofThisProcess().map(CpuList::first).orElse(0));
        Path noTaskset = Files.createDirectories(tmp.resolve("no-taskset"));
        ProcessBuilder serve = ChildCli.builder(List.of(), "serve", "jdk", "--cpus", first);
        serve.environment().put("PATH", noTaskset.toString());
        Process p = serve.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        CliHarness.assertBadInput(new CliHarness.Outcome(p.exitValue(), out, err),
                "--cpus " + first + " starts the process with taskset, which is not on the PATH");

        CliHarness.Outcome o = CliHarness.run("run", "web", "-m", "jdk", "--forks", "0", "-p", "load-cpus=" + first, "--out",
                tmp.resolve("in-process").toString());
        CliHarness.assertBadInput(o, "--forks 0 runs in this JVM, which cannot be started on -p load-cpus=" + first);
    }

    @Test
    void aJdkOlderThan21IsRefused() throws Exception {
        Path fake = tmp.resolve("jdk17");
        Files.createDirectories(fake.resolve("bin"));
        Path java = Files.writeString(fake.resolve("bin/java"), "#!/bin/sh\necho 'openjdk version \"17.0.9\"' >&2\n");
        java.toFile().setExecutable(true);
        Files.writeString(fake.resolve("release"), "JAVA_VERSION=\"17.0.9\"\n");
        Path out = tmp.resolve("out-17");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--jvm", fake.toString(), "--out", out.toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip()).contains("Java 17.0.9 is too old").doesNotContain("\n");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnwritableOutIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--forks", "1", "-p", "tasks=1", "-p", "sleep=1ms",
                "--out", file.resolve("sub").toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip()).startsWith("loomlab: cannot write to --out").doesNotContain("\n");
    }

    @Test
    void aFolderThatHoldsResultsIsNotOverwritten() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(out.resolve("results.jsonl"), "{}\n");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--forks", "1", "-p", "tasks=1", "-p", "sleep=1ms", "--out", out.toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(Files.readString(out.resolve("results.jsonl"))).isEqualTo("{}\n");
    }
}
