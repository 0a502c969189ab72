package dev.loomlab.report.analysis;

import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.model.Sizing;
import dev.loomlab.core.result.Result;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A model's limit comes from the result's model_info, so a cap the name does not show still counts. */
class ModelNameTest {
    @Test
    void aLimitTheNameDoesNotShowComesFromTheModelValue() {
        // The Kotlin module's kind, declared here as it declares it: unsized, at most 64 at once.
        ModelProvider kotlin = new ModelProvider() {
            @Override
            public java.util.List<ModelKind> kinds() {
                return java.util.List.of(ModelKind.of("coroutines-io", Sizing.NONE, ServingThread.PLATFORM, "IO").limitedTo(64));
            }
        };
        java.util.List<ModelProvider> providers = new java.util.ArrayList<>(java.util.List.of(kotlin));
        providers.add(new dev.loomlab.core.model.CoreModels());
        ModelCatalog models = new ModelCatalog(providers);
        Result io = Result.builder("fanout", "coroutines-io").modelInfo(models.create("coroutines-io")).build();
        // Dispatchers.IO runs at most 64 blocking calls at once.
        assertThat(ModelName.of(io).bounded()).isTrue();
        assertThat(ModelName.of(io).size()).hasValue(64);
        Result pool = Result.builder("sleep", "platform:200").modelInfo(models.create("platform:200")).build();
        assertThat(ModelName.of(pool)).isEqualTo(new ModelName("platform", java.util.OptionalInt.of(200)));
        Result virtual = Result.builder("sleep", "virtual").modelInfo(models.create("virtual")).build();
        assertThat(ModelName.of(virtual).bounded()).isFalse();
        // A first-contract result has no model value: the name is read.
        assertThat(ModelName.of(Result.builder("sleep", "platform:8").build()).size()).hasValue(8);
    }
}
