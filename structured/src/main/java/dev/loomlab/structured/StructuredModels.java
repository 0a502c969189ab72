package dev.loomlab.structured;

import dev.loomlab.core.fanout.FanoutModel;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.RunnerBinding;
import dev.loomlab.core.model.Sizing;
import dev.loomlab.core.model.ServingThread;

import java.util.List;

/** The structured-concurrency module's model; its trials need {@code --enable-preview}. */
public final class StructuredModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(ModelKind.of("structured", Sizing.NONE, ServingThread.VIRTUAL,
                        "JDK 25 StructuredTaskScope: a subtask (virtual thread) per task, joined (preview API)")
                .withTrialJvmArgs(List.of("--enable-preview")));
    }

    @Override
    public List<RunnerBinding<?>> runners() {
        return List.of(RunnerBinding.of("structured", Form.BLOCKING, m -> new StructuredRunner()),
                RunnerBinding.of("structured", FanoutModel.FORM, m -> new StructuredFanout()));
    }
}
