package dev.loomlab.reactor;

import dev.loomlab.core.fanout.FanoutModel;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.RunnerBinding;
import dev.loomlab.core.model.Sizing;
import dev.loomlab.core.model.ServingThread;

import java.util.List;

/**
 * {@code reactor}: Project Reactor's non-blocking pipelines on its own schedulers. It has a fan-out form
 * only; blocking workloads report it as not applicable.
 */
public final class ReactorModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(ModelKind.of("reactor", Sizing.NONE, ServingThread.EVENT_LOOP,
                "Reactor pipelines (Mono.zip of Mono.delay), no thread waits"));
    }

    @Override
    public List<RunnerBinding<?>> runners() {
        return List.of(RunnerBinding.of("reactor", FanoutModel.FORM, m -> new ReactorFanout()));
    }
}
