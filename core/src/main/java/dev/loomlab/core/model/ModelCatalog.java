package dev.loomlab.core.model;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.Plugins;
import dev.loomlab.core.param.Units;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Every model kind and runner on the class path, and the parser of model names: {@code virtual},
 * {@code platform:200}, or {@code platform:cores} (the machine's available processors).
 */
public final class ModelCatalog {
    private static final int MAX_SIZE = 1_000_000;
    private final Map<String, ModelKind> kinds = new LinkedHashMap<>();
    private final List<RunnerBinding<?>> bindings = new ArrayList<>();

    /** The catalog of the given providers, the first declaration of a kind winning. */
    public ModelCatalog(List<? extends ModelProvider> providers) {
        for (ModelProvider p : providers) {
            for (ModelKind k : p.kinds()) {
                kinds.putIfAbsent(k.name(), k);
            }
            bindings.addAll(p.runners());
        }
    }

    /** The catalog of all providers found by {@link java.util.ServiceLoader}. */
    public static ModelCatalog load() {
        List<ModelProvider> providers = new ArrayList<>(Plugins.load(ModelProvider.class));
        // The class path's jar order is not fixed: core first, then the modules by name, so lists come
        // out in the same order every time.
        providers.sort(java.util.Comparator.comparing((ModelProvider p) -> !p.getClass().getName().startsWith("dev.loomlab.core."))
                .thenComparing(p -> p.getClass().getName()));
        return new ModelCatalog(providers);
    }

    public List<ModelKind> kinds() {
        return List.copyOf(kinds.values());
    }

    /** The forms models of {@code kind} can run (some only when sized), for lists. */
    public List<Form<?>> forms(String kind) {
        return bindings.stream().filter(b -> b.kind().equals(kind)).<Form<?>>map(RunnerBinding::form).distinct().toList();
    }

    /**
     * The flags trial JVMs of this model need: its kind's (e.g. {@code --enable-preview}), then its scheduler settings'
     * ({@link #schedulerJvmArgs}).
     */
    public List<String> trialJvmArgs(String spec) {
        ModelKind kind = kinds.get(kindName(spec.trim()));
        List<String> args = new ArrayList<>(kind == null ? List.of() : kind.trialJvmArgs());
        args.addAll(schedulerJvmArgs(spec));
        return args;
    }

    /**
     * The model a name stands for: a kind, its size after a colon, and for a kind of virtual threads the scheduler's
     * settings ({@link SchedulerSettings}) after the size or in its place, joined by {@code ;}:
     * {@code virtual:parallelism=4}, {@code virtual-bounded:1000;parallelism=2}.
     *
     * @throws BadInputException for an unknown kind, a missing, surplus or invalid size, or invalid settings
     */
    public Model create(String spec) {
        String text = spec.trim();
        String kindName = kindName(text);
        ModelKind kind = kinds.get(kindName);
        if (kind == null) {
            throw new BadInputException("unknown model '" + spec + "' (models: " + String.join(", ", kinds.keySet())
                    + "; see 'loomlab list models')");
        }
        int colon = text.indexOf(':');
        String rest = colon < 0 ? "" : text.substring(colon + 1).trim();
        SchedulerSettings settings = SchedulerSettings.parse(spec, rest);
        String sizeText = SchedulerSettings.withoutSettings(rest);
        Model model;
        // a colon with nothing after it is an empty size, refused as such; only settings may stand in its place
        if (sizeText.isEmpty() && (colon < 0 || !settings.isEmpty())) {
            if (kind.sizing() == Sizing.REQUIRED) {
                throw new BadInputException("model " + kindName + " needs a size, e.g. " + kindName + ":200");
            }
            model = kind.model(OptionalInt.empty());
        } else {
            if (kind.sizing() == Sizing.NONE) {
                throw new BadInputException("model " + kindName + " takes no size, but got '" + spec + "'");
            }
            model = kind.model(OptionalInt.of(size(spec, sizeText)));
        }
        if (settings.isEmpty()) {
            return model;
        }
        if (model.threads() != ServingThread.VIRTUAL) {
            throw new BadInputException("model " + spec + ": " + kindName + " runs no virtual threads, so the virtual-thread"
                    + " scheduler's settings do not apply to it");
        }
        return new Model(settings.appendedTo(model.name()), model.kind(), model.size(), model.threads(), model.concurrency());
    }

    /** The flags a model's scheduler settings give its trial JVMs ({@code -Djdk.virtualThreadScheduler.parallelism=4}). */
    public static List<String> schedulerJvmArgs(String spec) {
        String text = spec.trim();
        int colon = text.indexOf(':');
        return colon < 0 ? List.of() : SchedulerSettings.parse(spec, text.substring(colon + 1).trim()).jvmArgs();
    }

    /** The model's runners, one per form some provider registered for its kind. */
    public Runners runners(Model model) {
        Map<Form<?>, Object> byForm = new LinkedHashMap<>();
        for (RunnerBinding<?> b : bindings) {
            if (b.kind().equals(model.kind()) && !byForm.containsKey(b.form())) {
                Optional<?> runner = b.factory().apply(model);
                runner.ifPresent(r -> byForm.put(b.form(), r));
            }
        }
        return new Runners(model, byForm);
    }

    private static String kindName(String text) {
        int colon = text.indexOf(':');
        return colon < 0 ? text : text.substring(0, colon);
    }

    private static int size(String spec, String text) {
        if (text.equals("cores")) {
            return Runtime.getRuntime().availableProcessors();
        }
        long n;
        try {
            n = Units.parseCount("model " + spec, text);
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
