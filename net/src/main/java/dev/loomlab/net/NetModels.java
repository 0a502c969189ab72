package dev.loomlab.net;

import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.RunnerBinding;
import dev.loomlab.core.model.Sizing;
import dev.loomlab.core.model.ServingThread;

import java.util.List;

/** The net module's {@code nio} model, and the echo-server form of {@code virtual}, {@code thread-per-task} and {@code nio}. */
public final class NetModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(ModelKind.of("nio", Sizing.NONE, ServingThread.EVENT_LOOP, "a Netty event-loop server, one loop per core: echo"));
    }

    @Override
    public List<RunnerBinding<?>> runners() {
        return List.of("virtual", "thread-per-task", "nio").stream()
                .<RunnerBinding<?>>map(kind -> RunnerBinding.of(kind, EchoServerKind.FORM, m -> new EchoServerKind(kind)))
                .toList();
    }
}
