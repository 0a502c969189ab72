package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Sweeps are found from the results alone: a parameter or a model size at three or more values, all else equal. */
class SweepFinderTest {
    @Test
    void poolSizesOfOneKindAreASweepWithTheUnsizedModelAsReference() {
        List<Sweep> sweeps = SweepFinder.find(Fixtures.seedsSleep(), Metric.WALL_MS.name());
        assertThat(sweeps).hasSize(1);
        Sweep s = sweeps.get(0);
        assertThat(s.axis()).isEqualTo(Sweep.SIZE);
        assertThat(s.fixed()).isEqualTo("tasks=10000 sleep=300ms");
        assertThat(s.curves()).hasSize(1);
        Sweep.Curve platform = s.curves().get(0);
        assertThat(platform.name()).isEqualTo("platform");
        assertThat(platform.points()).extracting(Sweep.Point::x).containsExactly(200.0, 500.0, 800.0, 1000.0);
        // Each point is the mean of 0.98, 1 and 1.03 × the median: 3.01/3 × it.
        double[] medians = {15_092, 6_126, 3_974, 3_206};
        for (int i = 0; i < medians.length; i++) {
            assertThat(platform.points().get(i).y()).isCloseTo(medians[i] * 3.01 / 3, org.assertj.core.api.Assertions.within(1e-9));
        }
        assertThat(platform.knee()).get().extracting(Sweep.Point::x).isEqualTo(500.0);
        assertThat(s.references()).extracting(Result::model).containsExactly("virtual");
    }

    @Test
    void aDurationParameterAtThreeValuesIsASweepInMilliseconds() {
        List<Result> results = new ArrayList<>();
        for (int ms : new int[]{300, 100, 200}) {
            results.add(Fixtures.sleep("virtual", 1000, ms, Fixtures.JDK25, ms + 20, (double) ms, null));
        }
        List<Sweep> sweeps = SweepFinder.find(results, Metric.WALL_MS.name());
        assertThat(sweeps).hasSize(1);
        assertThat(sweeps.get(0).axis()).isEqualTo("sleep");
        assertThat(sweeps.get(0).axisLabel()).isEqualTo("sleep (ms)");
        assertThat(sweeps.get(0).fixed()).isEqualTo("tasks=1000");
        assertThat(sweeps.get(0).curves().get(0).points()).extracting(Sweep.Point::x).containsExactly(100.0, 200.0, 300.0);
    }

    @Test
    void twoValuesAreAComparisonNotASweep() {
        List<Result> results = List.of(
                Fixtures.sleep("platform:200", 1000, 100, Fixtures.JDK25, 600, 500.0, null),
                Fixtures.sleep("platform:500", 1000, 100, Fixtures.JDK25, 300, 200.0, null),
                Fixtures.sleep("virtual", 1000, 100, Fixtures.JDK25, 120, 100.0, null));
        assertThat(SweepFinder.find(results, Metric.WALL_MS.name())).isEmpty();
    }

    @Test
    void severalJdksGiveACurveEach() {
        List<Result> results = new ArrayList<>();
        for (var jdk : List.of(Fixtures.JDK21, Fixtures.JDK25)) {
            for (int pool : new int[]{100, 200, 400}) {
                results.add(Fixtures.sleep("platform:" + pool, 1000, 100, jdk, 100_000.0 / pool, 100_000.0 / pool, null));
            }
        }
        List<Sweep> sweeps = SweepFinder.find(results, Metric.WALL_MS.name());
        assertThat(sweeps).hasSize(1);
        assertThat(sweeps.get(0).curves()).extracting(Sweep.Curve::name).containsExactly("platform · Java 21", "platform · Java 25");
    }
}
