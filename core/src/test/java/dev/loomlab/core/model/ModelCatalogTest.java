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
        assertThat(catalog.create("platform").size()).isEmpty();
        assertThat(catalog.create("platform:cores").name())
                .isEqualTo("platform:" + Runtime.getRuntime().availableProcessors());
    }

    @Test
    void aModelRunsTheFormsItsProvidersRegistered() {
        // Unsized, platform is a thread kind; sized, a pool: never both.
        Runners thread = catalog.runners(catalog.create("platform"));
        assertThat(thread.get(Form.THREADS)).hasValue(ThreadKind.PLATFORM);
        assertThat(thread.get(Form.BLOCKING)).isEmpty();
        Runners pool = catalog.runners(catalog.create("platform:4"));
        assertThat(pool.get(Form.BLOCKING)).isPresent();
        assertThat(pool.get(Form.THREADS)).isEmpty();
        assertThat(catalog.runners(catalog.create("virtual")).get(Form.THREADS)).hasValue(ThreadKind.VIRTUAL);
        assertThat(catalog.runners(catalog.create("async")).forms()).containsExactly(Form.ASYNC);
    }

    @Test
    void aProviderMayAddARunnerToAnotherProvidersKind() {
        ModelProvider kinds = new ModelProvider() {
            @Override
            public java.util.List<ModelKind> kinds() {
                return java.util.List.of(ModelKind.of("k", Sizing.NONE, dev.loomlab.core.model.ServingThread.VIRTUAL, "k"));
            }
        };
        BlockingRunner noop = (task, clock) -> { };
        ModelProvider runners = new ModelProvider() {
            @Override
            public java.util.List<RunnerBinding<?>> runners() {
                return java.util.List.of(RunnerBinding.of("k", Form.BLOCKING, m -> noop));
            }
        };
        ModelCatalog two = new ModelCatalog(java.util.List.of(kinds, runners));
        assertThat(two.runners(two.create("k")).get(Form.BLOCKING)).containsSame(noop);
        assertThat(new ModelCatalog(java.util.List.of(kinds)).runners(two.create("k")).forms()).isEmpty();
    }

    /** A kind of virtual threads takes the scheduler's parallelism, which its trial JVMs get as the JDK's property. */
    @Test
    void aVirtualModelCarriesItsSchedulersParallelismToItsTrialJvm() {
        Model four = catalog.create("virtual:parallelism=4");
        assertThat(four.name()).isEqualTo("virtual:parallelism=4");
        assertThat(four.kind()).isEqualTo("virtual");
        assertThat(four.size()).isEmpty();
        assertThat(catalog.runners(four).get(Form.THREADS)).hasValue(ThreadKind.VIRTUAL);
        assertThat(catalog.trialJvmArgs("virtual:parallelism=4")).containsExactly("-Djdk.virtualThreadScheduler.parallelism=4");
        Model bounded = catalog.create("virtual-bounded:1000;parallelism=2");
        assertThat(bounded.name()).isEqualTo("virtual-bounded:1000;parallelism=2");
        assertThat(bounded.concurrency()).hasValue(1000);
        assertThat(catalog.trialJvmArgs("virtual")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform:0", "platform:-3", "platform:x", "virtual:5", "green", "forkjoin:0",
            "virtual-bounded:2000000", "virtual:parallelism=0", "virtual:parallelism=32768", "virtual:parallelism=two",
            "virtual:carriers=2", "virtual:parallelism=2;parallelism=3", "platform:200;parallelism=2"})
    void rejectsBadModels(String spec) {
        assertThatThrownBy(() -> catalog.create(spec)).isInstanceOf(BadInputException.class);
    }
}
