package dev.loomlab.core.cpu;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** taskset found on a PATH, a command started through it, and a list checked against the CPUs this process may use. */
class TasksetTest {
    @TempDir
    Path tmp;

    @Test
    void itIsFoundOnThePathOnlyWhereItIsExecutable() throws Exception {
        Path without = Files.createDirectories(tmp.resolve("without"));
        Path with = Files.createDirectories(tmp.resolve("with"));
        Path taskset = Files.writeString(with.resolve("taskset"), "#!/bin/sh\n");
        assertThat(Taskset.find(without.toString())).isEmpty();
        assertThat(Taskset.find(null)).isEmpty();
        assertThat(Taskset.find(without + File.pathSeparator + with)).isEmpty();
        assertThat(taskset.toFile().setExecutable(true)).isTrue();
        assertThat(Taskset.find(without + File.pathSeparator + with)).contains(taskset);
    }

    @Test
    void aListThisProcessMayNotUseIsNamedWithTheOnesItMay() {
        CpuList allowed = CpuList.parse(null, "0-1");
        Taskset.requireAllowed("--cpus", CpuList.of(1), allowed);
        Taskset.requireAllowed("--cpus", CpuList.of(7), null);
        assertThatThrownBy(() -> Taskset.requireAllowed("--cpus", CpuList.of(1, 5), allowed)).isInstanceOf(BadInputException.class)
                .hasMessage("--cpus 1,5: CPU 5 is not one this process may use (it may use 0-1)");
        assertThatThrownBy(() -> Taskset.requireAllowed("-p server-cpus", CpuList.parse(null, "4-5"), allowed))
                .hasMessage("-p server-cpus 4-5: CPUs 4-5 are not ones this process may use (it may use 0-1)");
    }

    /** Not pinned, a command is left as it is; pinned, the process it starts runs on exactly the list, as /proc says. */
    @Test
    void aWrappedCommandRunsOnTheList() throws Exception {
        List<String> command = List.of("grep", "Cpus_allowed_list", "/proc/self/status");
        assertThat(Taskset.wrap(null, command)).isSameAs(command);
        assumeTrue(Taskset.find().isPresent() && CpuAffinity.ofThisProcess().isPresent(), "needs taskset and /proc");
        CpuList first = CpuList.of(CpuAffinity.ofThisProcess().get().first());
        Process p = new ProcessBuilder(Taskset.wrap(first, command)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).isEqualTo("Cpus_allowed_list:\t" + first);
    }
}
