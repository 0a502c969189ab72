package dev.loomlab.reactor;

import dev.loomlab.core.fanout.AsyncBuilds;
import dev.loomlab.core.fanout.FanoutModel;
import dev.loomlab.core.fanout.SimulatedUserService;
import dev.loomlab.core.fanout.User;
import dev.loomlab.core.fanout.UserProfile;
import dev.loomlab.core.model.TaskClock;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * {@code reactor}: each call a {@code Mono.delay(latency)} that then yields the article's data (or its
 * injected failure); a profile is the user's Mono {@code flatMap}ped into {@code Mono.zip} of the other
 * three. Every build is subscribed at once; nothing blocks but this method's final wait.
 */
final class ReactorFanout implements FanoutModel {
    @Override
    public void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) throws InterruptedException {
        // toFuture() subscribes at once: every build is in flight before the first completes.
        AsyncBuilds.buildAll(built, clock, id -> build(service, id).toFuture());
    }

    static Mono<UserProfile> build(SimulatedUserService service, int id) {
        return call(service, id, SimulatedUserService.USER, () -> new User(id, "User-%d".formatted(id)))
                .flatMap(user -> Mono.zip(
                                call(service, user.id(), SimulatedUserService.ORDERS, () -> SimulatedUserService.ORDERS_OF_ANY),
                                call(service, user.id(), SimulatedUserService.PREFERENCES, () -> SimulatedUserService.PREFERENCES_OF_ANY),
                                call(service, user.id(), SimulatedUserService.NOTIFICATIONS, () -> SimulatedUserService.NOTIFICATIONS_OF_ANY))
                        .map(t -> new UserProfile(user, t.getT1(), t.getT2(), t.getT3())));
    }

    private static <T> Mono<T> call(SimulatedUserService service, int id, int call, Supplier<T> value) {
        Duration latency = service.latency();
        return Mono.delay(latency).map(tick -> {
            service.finish(id, call);
            return value.get();
        });
    }
}
