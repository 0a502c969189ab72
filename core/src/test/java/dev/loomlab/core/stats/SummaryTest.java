package dev.loomlab.core.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SummaryTest {

    @Test
    void meanMedianStdevAndTheStudentTIntervalOfFiveSamples() {
        // 2, 4, 4, 5, 10: sum 25, mean 5; deviations -3 -1 -1 0 5, squares sum 36, variance 36 / 4 = 9, s = 3.
        Summary s = Summary.of(new double[]{10, 4, 2, 5, 4});
        assertThat(s.mean()).isEqualTo(5.0, within(1e-12));
        assertThat(s.median()).isEqualTo(4.0);
        assertThat(s.min()).isEqualTo(2.0);
        assertThat(s.max()).isEqualTo(10.0);
        assertThat(s.stdev()).isEqualTo(3.0, within(1e-12));
        assertThat(s.n()).isEqualTo(5);
        // t(0.9995, df = 4) = 8.610 (a t table); half-width = t · s / √n = 8.610 · 3 / √5 = 11.552
        double half = 8.610 * 3 / Math.sqrt(5);
        assertThat(s.ci999().low()).isEqualTo(5 - half, within(2e-3));
        assertThat(s.ci999().high()).isEqualTo(5 + half, within(2e-3));
        assertThat(s.ciHalfWidth()).isEqualTo(half, within(2e-3));
        assertThat(s.samples()).containsExactly(10.0, 4.0, 2.0, 5.0, 4.0);
    }

    @Test
    void threeSamplesUseTWithTwoDegreesOfFreedom() {
        Summary s = Summary.of(new double[]{3, 1, 2});
        // mean 2, s = 1; t(0.9995, df = 2) = 31.599
        double half = 31.599 / Math.sqrt(3);
        assertThat(s.ci999().low()).isEqualTo(2 - half, within(1e-3));
        assertThat(s.ci999().high()).isEqualTo(2 + half, within(1e-3));
    }

    @Test
    void oneOrTwoSamplesHaveNoInterval() {
        Summary one = Summary.of(new double[]{5});
        assertThat(one.ci999()).isNull();
        assertThat(one.hasInterval()).isFalse();
        assertThat(one.ciHalfWidth()).isNaN();
        assertThat(one.median()).isEqualTo(5);
        assertThat(one.n()).isEqualTo(1);
        Summary two = Summary.of(new double[]{4, 6});
        assertThat(two.ci999()).isNull();
        assertThat(two.mean()).isEqualTo(5);
        assertThat(two.stdev()).isEqualTo(Math.sqrt(2), within(1e-12));
        assertThat(two.n()).isEqualTo(2);
    }

    @Test
    void evenCountMedianIsTheMiddlePairsMean() {
        assertThat(Summary.of(new double[]{4, 1, 3, 2}).median()).isEqualTo(2.5);
    }

    @Test
    void twoSummariesOfTheSameSamplesAreEqual() {
        Summary a = Summary.of(new double[]{10, 4, 2, 5, 4});
        Summary b = Summary.of(new double[]{10, 4, 2, 5, 4});
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(Summary.of(new double[]{10, 4, 2, 5, 5}));
        assertThat(Summary.of(new double[]{7})).isEqualTo(Summary.of(new double[]{7}));
    }

    @Test
    void jsonKeepsTheFieldNamesAndWritesTheIntervalAsAPair() throws Exception {
        Summary s = Summary.of(new double[]{3, 1, 2});
        String json = Json.mapper().writeValueAsString(s);
        JsonNode node = Json.mapper().readTree(json);
        assertThat(node.fieldNames()).toIterable()
                .containsExactly("median", "mean", "min", "max", "stdev", "ci999", "n", "samples");
        assertThat(node.get("ci999").isArray()).isTrue();
        assertThat(node.get("ci999")).hasSize(2);
        assertThat(node.get("ci999").get(0).asDouble()).isEqualTo(s.ci999().low());
        assertThat(node.get("n").asInt()).isEqualTo(3);
        assertThat(Json.mapper().readValue(json, Summary.class)).isEqualTo(s);
        assertThat(Json.mapper().readTree(Json.mapper().writeValueAsString(Summary.of(new double[]{1, 2}))).get("ci999").isNull())
                .isTrue();
    }

    @Test
    void jsonOfAnOlderLoomlabReadsWithNFromTheSamplesAndNoIntervalBelowThree() throws Exception {
        Summary old = Json.mapper().readValue("{\"median\":7,\"mean\":7,\"min\":7,\"max\":7,\"stdev\":0,"
                + "\"ci999\":[7.0,7.0],\"samples\":[7.0,7.0]}", Summary.class);
        assertThat(old.n()).isEqualTo(2);
        assertThat(old.ci999()).isNull();
        Summary three = Json.mapper().readValue("{\"median\":2,\"mean\":2,\"min\":1,\"max\":3,\"stdev\":1,"
                + "\"ci999\":[-16.0,20.0],\"samples\":[1.0,2.0,3.0]}", Summary.class);
        assertThat(three.n()).isEqualTo(3);
        assertThat(three.ci999()).isEqualTo(new Summary.Interval(-16, 20));
    }
}
