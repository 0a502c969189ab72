package dev.loomlab.report.analysis;

import java.util.OptionalInt;

/** A model's name split into its kind and size: {@code platform:200} is kind {@code platform}, size 200. */
public record ModelName(String kind, OptionalInt size) {

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
