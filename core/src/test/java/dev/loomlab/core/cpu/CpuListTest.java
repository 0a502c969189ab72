package dev.loomlab.core.cpu;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.ParamSpec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CPU lists in Linux's form: read as taskset and /proc write them, written back in the shortest form. */
class CpuListTest {
    @Test
    void theUsualFormsAreReadAndWrittenShortest() {
        assertThat(CpuList.parse(null, "0")).hasToString("0").isEqualTo(CpuList.of(0));
        assertThat(CpuList.parse(null, "0,2")).hasToString("0,2").extracting(CpuList::size).isEqualTo(2);
        assertThat(CpuList.parse(null, "0-3")).hasToString("0-3").extracting(CpuList::size).isEqualTo(4);
        assertThat(CpuList.parse(null, "0-1,4")).hasToString("0-1,4");
        assertThat(CpuList.parse(null, " 3,1,0,2 ")).hasToString("0-3").isEqualTo(CpuList.parse(null, "0-3"));
        assertThat(CpuList.parse(null, "5,4-6").first()).isEqualTo(4);
    }

    @Test
    void whatIsNotAListIsBadInputNamingIt() {
        for (String bad : new String[] {"", "a", "0,,1", "0-", "-1", "1-0", "0 - 1", "0;1", "8192"}) {
            assertThatThrownBy(() -> CpuList.parse("--cpus", bad)).as(bad).isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("--cpus: '" + bad + "' is not a CPU list");
        }
        assertThatThrownBy(() -> CpuList.parse("--cpus", "3-1")).hasMessageContaining("its range 3-1 runs backwards");
    }

    @Test
    void sharedAndMissingCpus() {
        CpuList all = CpuList.parse(null, "0-3");
        assertThat(all.containsAll(CpuList.of(1, 3))).isTrue();
        assertThat(CpuList.of(1, 3).containsAll(all)).isFalse();
        assertThat(CpuList.of(1, 5).without(all)).hasToString("5");
        assertThat(CpuList.of(1).without(all)).isNull();
        assertThat(all.shared(CpuList.of(3, 4))).hasToString("3");
        assertThat(CpuList.of(0).shared(CpuList.of(1))).isNull();
    }

    /** A scenario parameter of CPUs: none by default, a list held in its shortest form, its errors named by the parameter. */
    @Test
    void aCpusParameter() {
        ParamSpec p = ParamSpec.cpus("server-cpus", "the server's");
        assertThat(p.canonical(p.parse(p.defaultValue()))).isEmpty();
        assertThat(p.canonical(p.parse("1,0"))).isEqualTo("0-1");
        assertThat(p.json(p.parse("2"))).isEqualTo("2");
        assertThatThrownBy(() -> p.parse("x")).hasMessage("parameter server-cpus: 'x' is not a CPU list (e.g. 0, 0,2, 0-3 or 0-1,4)");
    }
}
