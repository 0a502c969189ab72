package dev.loomlab.cli;

import dev.loomlab.core.server.Endpoint;
import dev.loomlab.core.server.EndpointSpec;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The CLI's options as picocli parses them: typed by the converters, --jvm-args split by picocli. */
class OptionsTest {

    private static RunOptions run(String... args) {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs(args);
        return run.options;
    }

    @Test
    void jvmArgsAreSplitAtSpacesKeepingDoubleQuotedPartsWhole() {
        RunOptions o = run("sleep", "--jvm-args", "  -Xmx1g  \"-Dname=a b\" -Dq=\"c d\"  -XX:+UseZGC ");
        assertThat(o.jvmArgs()).containsExactly("-Xmx1g", "-Dname=a b", "-Dq=c d", "-XX:+UseZGC");
    }

    @Test
    void jvmArgTakesOneFlagWholeAndComesAfterJvmArgs() {
        RunOptions o = run("sleep", "--jvm-arg", "-Dmessage=hello world", "--jvm-args", "-Xmx1g -Xss2m", "--jvm-arg=-Da=b");
        assertThat(o.jvmArgs()).containsExactly("-Xmx1g", "-Xss2m", "-Dmessage=hello world", "-Da=b");
        assertThat(run("sleep").jvmArgs()).isEmpty();
        assertThat(run("sleep", "--jvm-args", "").jvmArgs()).isEmpty();
    }

    @Test
    void anUnclosedQuoteIsBadInput() {
        assertThatThrownBy(() -> run("sleep", "--jvm-args", "-Xmx1g \"-Dx=a b"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .satisfies(e -> assertThat(Main.message((CommandLine.ParameterException) e))
                        .isEqualTo("--jvm-args: unclosed quote in \"-Dx=a"));
    }

    @Test
    void durationsAndCountsAreTyped() {
        RunOptions o = run("sleep", "--timeout", "90s", "--forks", "2", "--warmup", "0", "--iterations", "1k");
        assertThat(o.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(o.forks).isEqualTo(2);
        assertThat(o.warmup).isZero();
        assertThat(o.iterations).isEqualTo(1000);
        assertThat(run("sleep").timeout()).isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void loadOptionsAreTyped() {
        LoadCommand load = new LoadCommand();
        new CommandLine(load).parseArgs("http://127.0.0.1:8080/get?delay=5ms", "--rate", "2.5/s",
                "--duration", "1m", "--ramp", "500ms", "--connections", "10k");
        assertThat(load.url).isEqualTo(URI.create("http://127.0.0.1:8080/get?delay=5ms"));
        assertThat(load.rate).isEqualTo(2.5);
        assertThat(load.duration).isEqualTo(Duration.ofMinutes(1));
        assertThat(load.ramp).isEqualTo(Duration.ofMillis(500));
        assertThat(load.warmup).isZero();
        assertThat(load.timeout).isEqualTo(Duration.ofSeconds(30));
        assertThat(load.connections).isEqualTo(10_000);
        assertThat(load.users).isNull();

        LoadCommand closed = new LoadCommand();
        new CommandLine(closed).parseArgs("http://localhost:9/", "--users", "1k", "--rate", "100");
        assertThat(closed.users).isEqualTo(1000);
        assertThat(closed.rate).isEqualTo(100.0);

        // a --find-max step measures at least what a --rate run measures by default
        LoadCommand plain = new LoadCommand();
        new CommandLine(plain).parseArgs("http://localhost:9/", "--rate", "100");
        assertThat(plain.duration).isEqualTo(dev.loomlab.load.capacity.SearchPlan.DEFAULT_SHORTEST_STEP);
    }

    @Test
    void percentagesDurationsAndMapsOfOtherCommands() {
        CompareCommand compare = new CompareCommand();
        new CommandLine(compare).parseArgs("a", "b", "--threshold", "2.5%");
        assertThat(compare.thresholdPct).isEqualTo(2.5);
        CompareCommand byDefault = new CompareCommand();
        new CommandLine(byDefault).parseArgs("a", "b");
        assertThat(byDefault.thresholdPct).isEqualTo(5.0);

        PinningCommand pinning = new PinningCommand();
        new CommandLine(pinning).setStopAtPositional(true).parseArgs("--threshold", "0ms", "java", "-cp", ".", "Main");
        assertThat(pinning.threshold).isZero();

        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("jdk", "-p", "delay=1.5s");
        assertThat(serve.delayMs()).isEqualTo(1500);
        assertThat(serve.endpoint()).isEqualTo(EndpointSpec.DEFAULT);
        ServeCommand cpu = new ServeCommand();
        new CommandLine(cpu).parseArgs("jdk", "-p", "endpoint=cpu", "-p", "work=2ms");
        assertThat(cpu.delayMs()).isEqualTo(300);
        assertThat(cpu.endpoint().kind()).isEqualTo(Endpoint.CPU);
        assertThat(cpu.endpoint().workNanos()).isEqualTo(Duration.ofMillis(2).toNanos());
    }
}
