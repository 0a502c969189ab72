package dev.loomlab.core.cpu;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether a result's two sides shared CPUs, from its parameters, and the line a load prints about them. */
class CpuSidesTest {
    @Test
    void measuredListsShareWhatBothHold() {
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "0-1", CpuSides.SERVER, "0-1")))
                .contains("generator and service share CPUs 0-1");
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "0", CpuSides.SERVER, "0-1"))).contains("generator and service share CPU 0");
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "0", CpuSides.SERVER, "1"))).isEmpty();
    }

    /** A service whose process was not found, a result of before, a list not written by loomlab: no claim. */
    @Test
    void anUnknownSideMakesNoClaim() {
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "0-1"))).isEmpty();
        assertThat(CpuSides.note(Map.of())).isEmpty();
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "all", CpuSides.SERVER, "0"))).isEmpty();
    }

    /** web: an empty list is a side not pinned; the server then runs on the generator's CPUs, the generator on the run's. */
    @Test
    void aSideNotPinnedSharesThePinnedOnesCpus() {
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "", CpuSides.SERVER, ""))).contains(
                "generator and service share every CPU (neither pinned)");
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "1", CpuSides.SERVER, ""))).contains("generator and service share CPU 1");
        assertThat(CpuSides.note(Map.of(CpuSides.LOAD, "", CpuSides.SERVER, "2-3"))).contains(
                "generator and service share CPUs 2-3");
    }

    @Test
    void theLineAndTheParameters() {
        CpuSides apart = new CpuSides(CpuList.of(0), CpuList.of(1));
        assertThat(apart.describe()).contains("generator on CPU 0, service on CPU 1");
        assertThat(new CpuSides(CpuList.of(0, 1), CpuList.of(1)).describe()).contains("generator and service share CPU 1");
        assertThat(new CpuSides(CpuList.of(0, 1), null).describe()).contains("generator on CPUs 0-1");
        assertThat(new CpuSides(null, null).describe()).isEmpty();
        assertThat(apart.addedTo(Map.of("users", 5))).containsEntry(CpuSides.LOAD, "0").containsEntry(CpuSides.SERVER, "1")
                .containsEntry("users", 5);
        assertThat(new CpuSides(CpuList.of(0), null).addedTo(Map.of())).containsOnlyKeys(CpuSides.LOAD);
    }
}
