package dev.loomlab.core.param;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UnitsTest {

    @ParameterizedTest
    @CsvSource({"300ms, 300000000", "1.5s, 1500000000", "2m, 120000000000", "250us, 250000"})
    void durationsTakeUnits(String text, long nanos) {
        assertThat(Units.parseDurationNanos("d", text)).isEqualTo(nanos);
    }

    @ParameterizedTest
    @CsvSource({"300000000, 300ms", "120000000000, 2m", "1500000000, 1500ms"})
    void durationsAreWrittenInTheirLargestWholeUnit(long nanos, String text) {
        assertThat(Units.formatDuration(nanos)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"10k, 10000", "1M, 1000000", "1.5k, 1500", "10_000, 10000"})
    void countsTakeSuffixes(String text, long count) {
        assertThat(Units.parseCount("c", text)).isEqualTo(count);
    }

    @ParameterizedTest
    @ValueSource(strings = {"300", "-5ms", "3xs", "ms", "", "1e3ms", "0.5ns"})
    void malformedDurationsAreBadInput(String text) {
        assertThatThrownBy(() -> Units.parseDurationNanos("parameter sleep", text))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("parameter sleep: ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "abc", "1.5", "10x", "", "99999999999999999999"})
    void malformedCountsAreBadInput(String text) {
        assertThatThrownBy(() -> Units.parseCount("parameter tasks", text)).isInstanceOf(BadInputException.class);
    }

    @Test
    void paramValuesFillDefaultsAndRejectUnknownNames() {
        List<ParamSpec> specs = List.of(ParamSpec.count("tasks", "10000", 1, "t"), ParamSpec.duration("sleep", "300ms", "s"));
        ParamValues v = ParamValues.parse("sleep", specs, Map.of("tasks", "2k"));
        assertThat(v.intCount("tasks")).isEqualTo(2000);
        assertThat(v.durationMillis("sleep")).isEqualTo(300.0);
        assertThat(v.json()).containsEntry("tasks", 2000L).containsEntry("sleep", "300ms");
        assertThatThrownBy(() -> ParamValues.parse("sleep", specs, Map.of("bogus", "1")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("no parameter 'bogus'");
        assertThatThrownBy(() -> ParamValues.parse("sleep", specs, Map.of("tasks", "0")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("below the minimum 1");
    }
}
