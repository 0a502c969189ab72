package dev.loomlab.core.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A model with its runners, one per form it can run. */
public final class Runners {
    private final Model model;
    private final Map<Form<?>, Object> byForm;

    Runners(Model model, Map<Form<?>, Object> byForm) {
        this.model = model;
        this.byForm = new LinkedHashMap<>(byForm);
    }

    public Model model() {
        return model;
    }

    /** The runner of {@code form}, if this model has one. */
    public <R> Optional<R> get(Form<R> form) {
        return Optional.ofNullable(byForm.get(form)).map(form.runner()::cast);
    }

    /** The forms this model runs. */
    public Set<Form<?>> forms() {
        return byForm.keySet();
    }
}
