package dev.loomlab.core.fanout;

import dev.loomlab.core.model.Model;

import java.util.Optional;
import java.util.concurrent.Executors;

/** Core's fan-out forms: virtual, virtual-direct, completable:N and platform:N. */
public final class JavaFanouts implements FanoutProvider {
    @Override
    public Optional<FanoutModel> of(Model model, SimulatedUserService service) {
        String name = model.name();
        String kind = name.contains(":") ? name.substring(0, name.indexOf(':')) : name;
        return Optional.ofNullable(switch (kind) {
            case "virtual" -> new ExecutorFanout(Executors::newVirtualThreadPerTaskExecutor);
            case "virtual-direct" -> new DirectVirtualFanout();
            case "completable" -> new CompletableFanout(model.concurrency().getAsInt());
            case "platform" -> new PoolFanout(model.concurrency().getAsInt(), service);
            default -> null;
        });
    }
}
