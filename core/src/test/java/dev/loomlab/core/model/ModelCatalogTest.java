package dev.loomlab.core.model;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ModelCatalogTest {
    private final ModelCatalog catalog = ModelCatalog.load();

    @Test
    void parsesEveryCoreModel() {
        assertThat(catalog.create("platform:200").concurrency()).hasValue(200);
        assertThat(catalog.create("virtual").concurrency()).isEmpty();
        assertThat(catalog.create("virtual-bounded:10").concurrency()).hasValue(10);
        assertThat(catalog.create("forkjoin:4").name()).isEqualTo("forkjoin:4");
        assertThat(catalog.create("platform-cached").name()).isEqualTo("platform-cached");
        assertThat(catalog.create("thread-per-task").name()).isEqualTo("thread-per-task");
        assertThat(catalog.canonicalName("platform:cores"))
                .isEqualTo("platform:" + Runtime.getRuntime().availableProcessors());
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform:0", "platform:-3", "platform", "platform:x", "virtual:5", "green", "forkjoin:0",
            "virtual-bounded:2000000"})
    void rejectsBadModels(String spec) {
        assertThatThrownBy(() -> catalog.create(spec)).isInstanceOf(BadInputException.class);
    }
}
