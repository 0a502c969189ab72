package dev.loomlab.structured;

import dev.loomlab.core.model.ModelProvider;

import java.util.List;

/** The structured-concurrency module's models; their trials need {@code --enable-preview}. */
public final class StructuredModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(new ModelKind("structured", false,
                "JDK 25 StructuredTaskScope: a subtask (virtual thread) per task, joined (preview API)",
                size -> new StructuredModel(), List.of("--enable-preview")));
    }
}
