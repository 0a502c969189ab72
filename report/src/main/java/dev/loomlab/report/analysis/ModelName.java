package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;

import java.util.OptionalInt;

/** A model's kind and the size that limits it: {@code platform:200} is kind {@code platform}, size 200. */
public record ModelName(String kind, OptionalInt size) {

    /**
     * The kind and limit of a result's model, from its {@code model_info} (so a limit the name does not
     * show, such as coroutines-io's 64 threads, counts); from the name for a result of the first contract.
     */
    public static ModelName of(Result r) {
        if (r.modelInfo() != null) {
            return new ModelName(r.modelInfo().kind(), r.modelInfo().concurrency());
        }
        return of(r.model());
    }

    public static ModelName of(String model) {
        int colon = model.indexOf(':');
        if (colon < 0) {
            return new ModelName(model, OptionalInt.empty());
        }
        try {
            return new ModelName(model.substring(0, colon), OptionalInt.of(Integer.parseInt(model.substring(colon + 1))));
        } catch (NumberFormatException e) {
            return new ModelName(model, OptionalInt.empty());
        }
    }

    /**
     * True for a model whose size caps how many tasks run at once (a pool, a bounded model); an unsized
     * model runs every task at once.
     */
    public boolean bounded() {
        return size.isPresent();
    }
}
