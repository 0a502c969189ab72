package dev.loomlab.core.fanout;

import dev.loomlab.core.model.Model;

import dev.loomlab.core.Plugins;

import java.util.List;
import java.util.Optional;

/** The fan-out form of each model that has one, from every {@link FanoutProvider}; others are "not applicable". */
public final class FanoutModels {
    private FanoutModels() {
    }

    private static final List<FanoutProvider> PROVIDERS = Plugins.load(FanoutProvider.class);

    public static Optional<FanoutModel> of(Model model, SimulatedUserService service) {
        for (FanoutProvider p : PROVIDERS) {
            Optional<FanoutModel> form = p.of(model, service);
            if (form.isPresent()) {
                return form;
            }
        }
        return Optional.empty();
    }
}
