package dev.loomlab.core.param;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UnitsTest {

    @Test
    void durationsTakeUnits() {
        assertThat(Units.parseDurationNanos("d", "300ms")).isEqualTo(300_000_000L);
        assertThat(Units.parseDurationNanos("d", "1.5s")).isEqualTo(1_500_000_000L);
        assertThat(Units.parseDurationNanos("d", "2m")).isEqualTo(120_000_000_000L);
        assertThat(Units.parseDurationNanos("d", "250us")).isEqualTo(250_000L);
        assertThat(Units.formatDuration(300_000_000L)).isEqualTo("300ms");
        assertThat(Units.formatDuration(120_000_000_000L)).isEqualTo("2m");
        assertThat(Units.formatDuration(1_500_000_000L)).isEqualTo("1500ms");
    }

    @Test
    void countsTakeSuffixes() {
        assertThat(Units.parseCount("c", "10k")).isEqualTo(10_000L);
        assertThat(Units.parseCount("c", "1M")).isEqualTo(1_000_000L);
        assertThat(Units.parseCount("c", "1.5k")).isEqualTo(1_500L);
        assertThat(Units.parseCount("c", "10_000")).isEqualTo(10_000L);
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
