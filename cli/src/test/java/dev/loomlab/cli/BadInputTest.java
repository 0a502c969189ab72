package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every bad input ends with one line on stderr, exit 2, no stack trace and nothing written. */
class BadInputTest {
    @TempDir
    static Path tmp;

    static Stream<String> badInputs() {
        return Stream.of(
                "run nosuch",
                "run sleep -m green",
                "run sleep -m platform:0",
                "run sleep -m platform:-1",
                "run sleep -m virtual:3",
                "run sleep -p tasks=-5",
                "run sleep -p tasks=abc",
                "run sleep -p sleep=5",
                "run sleep -p sleep=3xs",
                "run sleep -p sleep=99999999999h",
                "run sleep -p tasks=3G",
                "run sleep --timeout 99999999999h",
                "run sleep --forks 0 --jvm-args -Xmx1g",
                "run sleep --forks 0 --timeout 1m",
                "run sleep --jvm-args \"-Xmx1g",
                "-m virtual run sleep",
                "run sleep -p bogus=1",
                "run sleep -p tasks",
                "run sleep --iterations 0",
                "run sleep --forks -1",
                "run sleep --warmup x",
                "run sleep --timeout 10",
                "run sleep --jvm /no/such/jdk",
                "run sleep --nosuchoption",
                "run pinning -p lock=spin",
                "run pinning -p hold=-1ms",
                "run semaphore -p limit=0",
                "run semaphore -p overflow=drop",
                "run threadlocal -p cache=none",
                "run threadlocal -p pool-size=0",
                "run thread-start -m carrier",
                "run handoff -m green",
                "run handoff -p pairs=0",
                "run handoff -p mechanism=spin",
                "run memory -p depth=0",
                "run memory -p threads=0",
                "run memory -m platform:cores -m bogus",
                "list things",
                "report /no/such/folder",
                "advise /no/such/folder",
                "compare /no/such/a /no/such/b",
                "compare /no/such/a",
                "run web -p users=0",
                "run web -p delay=5",
                "serve nosuch",
                "serve jdk --port 70000",
                "serve jdk -p size=3",
                "serve jdk -p delay=5",
                "load http://10.1.2.3:80/get --users 5",
                "load ftp://127.0.0.1/get --users 5",
                "load http://127.0.0.1:1/get",
                "load http://127.0.0.1:1/get --users 5 --rate 5/s",
                "load http://127.0.0.1:1/get --users 0",
                "load http://127.0.0.1:1/get --rate 0/s",
                "load http://127.0.0.1:1/get --rate fast",
                "load http://127.0.0.1:1/get --users 5 --duration 0s",
                "load http://127.0.0.1:1/get --users 5 --timeout 5",
                // values the options' converters refuse
                "run sleep --forks x",
                "run sleep --iterations 1.5",
                "run sleep --warmup 99999999999",
                "run sleep --timeout 3 s",
                "run sleep --timeout -1s",
                "run sleep --jvm-arg",
                "run sleep --forks 0 --jvm-arg -Xmx1g",
                "run sleep --jvm-args -Dx=\"a",
                "load not-a-url --users 5",
                "load http://127.0.0.1:1/get --users 1.5",
                "load http://127.0.0.1:1/get --users -3",
                "load http://127.0.0.1:1/get --users many",
                "load http://127.0.0.1:1/get --rate -5/s",
                "load http://127.0.0.1:1/get --rate 5/min",
                "load http://127.0.0.1:1/get --rate 5/s --connections lots",
                "load http://127.0.0.1:1/get --users 5 --warmup 5",
                "load http://127.0.0.1:1/get --users 5 --ramp 1x",
                "compare /no/such/a /no/such/b --threshold 5x",
                "compare /no/such/a /no/such/b --threshold -1%",
                "serve jdk -p delay",
                "serve jdk -p delay=-5ms",
                "serve jdk --port eighty",
                "serve jdk --bind localhost",
                "serve jdk --bind 256.1.1.1",
                "serve jdk --bind 127.0.0",
                "serve jdk --bind 192.0.2.1",
                "pinning --threshold 1x -- java -cp . Main");
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

    @ParameterizedTest
    @MethodSource("badInputs")
    void oneLineExitTwoNothingWritten(String command) {
        Path out = tmp.resolve("out-" + Math.abs(command.hashCode()));
        List<String> args = new ArrayList<>(Arrays.asList(command.split(" ")));
        if (args.get(0).equals("run") || args.get(0).equals("load")) {
            args.addAll(List.of("--out", out.toString()));
        }
        CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: ").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(out).doesNotExist();
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
