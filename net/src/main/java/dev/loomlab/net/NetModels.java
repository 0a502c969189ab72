package dev.loomlab.net;

import dev.loomlab.core.model.ModelProvider;

import java.util.List;

/** The net module's non-blocking models. */
public final class NetModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(
                new ModelKind("async", false, "non-blocking client calls completing futures (HttpClient.sendAsync): http-get",
                        size -> new EventModel("async")),
                new ModelKind("nio", false, "a Netty event-loop server, one loop per core: echo",
                        size -> new EventModel("nio")));
    }
}
