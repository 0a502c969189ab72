package dev.loomlab.core.param;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChoiceParamTest {
    private final ParamSpec lock = ParamSpec.choice("lock", "synchronized", List.of("synchronized", "reentrant"), "where");

    @Test
    void aChoiceIsOneOfItsWordsAndGoesToJsonAsText() {
        ParamValues v = ParamValues.parse("pinning", List.of(lock), Map.of("lock", " reentrant "));
        assertThat(v.choice("lock")).isEqualTo("reentrant");
        assertThat(v.canonical()).containsEntry("lock", "reentrant");
        assertThat(v.json()).containsEntry("lock", "reentrant");
        assertThat(ParamValues.parse("pinning", List.of(lock), Map.of()).choice("lock")).isEqualTo("synchronized");
    }

    @Test
    void anyOtherWordIsBadInputNamingTheChoices() {
        assertThatThrownBy(() -> lock.parse("spin"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("parameter lock: 'spin' is not one of synchronized, reentrant");
    }

    @Test
    void aDefaultOutsideTheChoicesIsAProgrammingError() {
        assertThatThrownBy(() -> ParamSpec.choice("lock", "spin", List.of("synchronized"), "where"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
