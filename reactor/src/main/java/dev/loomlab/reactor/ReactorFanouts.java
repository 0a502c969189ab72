package dev.loomlab.reactor;

import dev.loomlab.core.fanout.FanoutModel;
import dev.loomlab.core.fanout.FanoutProvider;
import dev.loomlab.core.fanout.SimulatedUserService;
import dev.loomlab.core.model.Model;

import java.util.Optional;

/** The fan-out form of {@code reactor}. */
public final class ReactorFanouts implements FanoutProvider {
    @Override
    public Optional<FanoutModel> of(Model model, SimulatedUserService service) {
        return model.name().equals("reactor") ? Optional.of(new ReactorFanout(service)) : Optional.empty();
    }
}
