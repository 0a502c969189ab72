package dev.loomlab.reactor;

import dev.loomlab.core.model.ModelProvider;

import java.util.List;

/** The Reactor module's models. */
public final class ReactorModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(new ModelKind("reactor", false, "Reactor pipelines (Mono.zip of Mono.delay), no thread waits",
                size -> new ReactorModel()));
    }
}
