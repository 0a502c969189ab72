package dev.loomlab.core.cpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The CPUs a process may use, from its /proc status; this JVM's are the processors it counts. */
class CpuAffinityTest {
    @TempDir
    Path tmp;

    @Test
    void theListIsReadFromTheStatusFile() throws Exception {
        Path status = Files.writeString(tmp.resolve("status"), "Name:\tjava\nCpus_allowed:\t0f\nCpus_allowed_list:\t0-2,3\n");
        assertThat(CpuAffinity.read(status)).contains(CpuList.parse(null, "0-3"));
        assertThat(CpuAffinity.read(tmp.resolve("missing"))).isEmpty();
        assertThat(CpuAffinity.read(Files.writeString(tmp.resolve("other"), "Name:\tjava\n"))).isEmpty();
    }

    @Test
    void thisJvmCountsTheCpusItMayUse() {
        assumeTrue(CpuAffinity.ofThisProcess().isPresent(), "needs /proc");
        assertThat(CpuAffinity.ofThisProcess().get().size()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(CpuAffinity.of(ProcessHandle.current().pid())).isEqualTo(CpuAffinity.ofThisProcess());
    }
}
