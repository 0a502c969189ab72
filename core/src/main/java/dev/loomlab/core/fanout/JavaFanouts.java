package dev.loomlab.core.fanout;

import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.RunnerBinding;

import java.util.List;
import java.util.concurrent.Executors;

/** The fan-out form of core's models: virtual, virtual-direct, completable:N and platform:N. */
public final class JavaFanouts implements ModelProvider {
    @Override
    public List<RunnerBinding<?>> runners() {
        return List.of(
                RunnerBinding.of("virtual", FanoutModel.FORM, m -> new ExecutorFanout(Executors::newVirtualThreadPerTaskExecutor)),
                RunnerBinding.of("virtual-direct", FanoutModel.FORM, m -> new DirectVirtualFanout()),
                RunnerBinding.of("completable", FanoutModel.FORM, m -> new CompletableFanout(m.requireSize())),
                RunnerBinding.sized("platform", FanoutModel.FORM, m -> new PoolFanout(m.requireSize())));
    }
}
