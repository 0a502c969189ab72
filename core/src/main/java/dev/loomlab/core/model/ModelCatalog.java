package dev.loomlab.core.model;

import dev.loomlab.core.BadInputException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Every model kind on the class path, and the parser of model names: {@code virtual},
 * {@code platform:200}, or {@code platform:cores} (the machine's available processors).
 */
public final class ModelCatalog {
    private static final int MAX_SIZE = 1_000_000;
    private final Map<String, ModelProvider.ModelKind> kinds = new LinkedHashMap<>();

    private ModelCatalog(List<ModelProvider> providers) {
        for (ModelProvider p : providers) {
            for (ModelProvider.ModelKind k : p.kinds()) {
                kinds.putIfAbsent(k.name(), k);
            }
        }
    }

    /** The catalog of all providers found by {@link ServiceLoader}. */
    public static ModelCatalog load() {
        return new ModelCatalog(dev.loomlab.core.Plugins.load(ModelProvider.class));
    }

    public List<ModelProvider.ModelKind> kinds() {
        return Collections.unmodifiableList(new ArrayList<>(kinds.values()));
    }

    /** The flags trial JVMs of this model need (its kind's), e.g. {@code --enable-preview}. */
    public List<String> trialJvmArgs(String spec) {
        String text = spec.trim();
        int colon = text.indexOf(':');
        ModelProvider.ModelKind kind = kinds.get(colon < 0 ? text : text.substring(0, colon));
        return kind == null ? List.of() : kind.trialJvmArgs();
    }

    /** The canonical name of a model spec: {@code platform:cores} becomes {@code platform:8} on 8 cores. */
    public String canonicalName(String spec) {
        return create(spec).name();
    }

    /**
     * Makes the model a name stands for.
     *
     * @throws BadInputException for an unknown kind, a missing, surplus or invalid size
     */
    public Model create(String spec) {
        String text = spec.trim();
        int colon = text.indexOf(':');
        String kindName = colon < 0 ? text : text.substring(0, colon);
        ModelProvider.ModelKind kind = kinds.get(kindName);
        if (kind == null) {
            throw new BadInputException("unknown model '" + spec + "' (models: " + String.join(", ", kinds.keySet())
                    + "; see 'loomlab list models')");
        }
        if (!kind.sized()) {
            if (colon >= 0) {
                throw new BadInputException("model " + kindName + " takes no size, but got '" + spec + "'");
            }
            return kind.factory().create(OptionalInt.empty());
        }
        if (colon < 0) {
            throw new BadInputException("model " + kindName + " needs a size, e.g. " + kindName + ":200");
        }
        return kind.factory().create(OptionalInt.of(size(spec, text.substring(colon + 1).trim())));
    }

    private static int size(String spec, String text) {
        if (text.equals("cores")) {
            return Runtime.getRuntime().availableProcessors();
        }
        long n;
        try {
            n = dev.loomlab.core.param.Units.parseCount("model " + spec, text);
        } catch (BadInputException e) {
            if (text.trim().startsWith("-")) {
                throw new BadInputException("model " + spec + ": size must be at least 1");
            }
            throw new BadInputException("model " + spec + ": size '" + text + "' is not a whole number");
        }
        if (n < 1) {
            throw new BadInputException("model " + spec + ": size must be at least 1");
        }
        if (n > MAX_SIZE) {
            throw new BadInputException("model " + spec + ": size must be at most " + MAX_SIZE);
        }
        return (int) n;
    }
}
