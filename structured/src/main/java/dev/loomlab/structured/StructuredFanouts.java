package dev.loomlab.structured;

import dev.loomlab.core.fanout.FanoutModel;
import dev.loomlab.core.fanout.FanoutProvider;
import dev.loomlab.core.fanout.SimulatedUserService;
import dev.loomlab.core.model.Model;

import java.util.Optional;

/** The fan-out form of {@code structured}. */
public final class StructuredFanouts implements FanoutProvider {
    @Override
    public Optional<FanoutModel> of(Model model, SimulatedUserService service) {
        return model.name().equals("structured") ? Optional.of(new StructuredFanout()) : Optional.empty();
    }
}
