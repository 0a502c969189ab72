package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuList;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code load --cpus}: the JVM the generator runs in must have been started on the list (the launcher does it), and what is
 * wrong when it was not is named: CPUs this process may not use, no taskset, a JVM started some other way.
 */
class GeneratorCpusTest {
    private static final CpuList TWO = CpuList.parse(null, "0-1");

    @Test
    void aJvmStartedOnTheListPasses() {
        assertThatCode(() -> GeneratorCpus.require(CpuList.of(0), CpuList.of(0), TWO, true)).doesNotThrowAnyException();
        // started on it some other way (taskset by hand, a one-CPU container): the list is what it runs on
        assertThatCode(() -> GeneratorCpus.require(CpuList.of(0), CpuList.of(0), null, false)).doesNotThrowAnyException();
    }

    /** The CPUs it may use are the launcher's, from before it pinned this JVM: taskset took the ones it could. */
    @Test
    void cpusThisProcessMayNotUseAreNamedWithTheLaunchersOwn() {
        assertThatThrownBy(() -> GeneratorCpus.require(CpuList.of(0, 5), CpuList.of(0), TWO, true))
                .isInstanceOf(BadInputException.class).hasMessage("--cpus 0,5: CPU 5 is not one this process may use (it may use 0-1)");
        assertThatThrownBy(() -> GeneratorCpus.require(CpuList.of(5), TWO, null, true))
                .hasMessage("--cpus 5: CPU 5 is not one this process may use (it may use 0-1)");
    }

    @Test
    void aJvmNotStartedOnTheListSaysWhy() {
        assertThatThrownBy(() -> GeneratorCpus.require(CpuList.of(1), TWO, null, false))
                .hasMessage("--cpus 1 starts the generator's JVM with taskset, which is not on the PATH (Debian and Ubuntu:"
                        + " apt-get install util-linux)");
        assertThatThrownBy(() -> GeneratorCpus.require(CpuList.of(1), TWO, null, true))
                .hasMessage("--cpus 1: this JVM, where the generator runs, runs on CPUs 0-1; start loomlab through its launcher"
                        + " (./loomlab), which starts the JVM on them, or with taskset -c 1");
    }
}
