package dev.loomlab.load.web;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.model.ModelKind;
import dev.loomlab.core.model.ModelProvider;
import dev.loomlab.core.model.RunnerBinding;
import dev.loomlab.core.model.Sizing;
import dev.loomlab.core.model.ServingThread;

import java.util.List;
import java.util.OptionalInt;

/** The servers under test of the web scenario, as models of the server form: {@code mvc-platform}, {@code mvc-virtual}, {@code webflux}, {@code helidon}, {@code jdk}. */
public final class ServerModels implements ModelProvider {
    /** Tomcat's thread pool in mvc-platform: article 004's {@code server.tomcat.threads.max}. */
    public static final int TOMCAT_THREADS = 200;

    public static final List<ServerModel> ALL = List.of(
            new ServerModel("mvc-platform", "mvc", "dev.loomlab.servers.mvc.MvcServer", List.of("platform"),
                    ServingThread.PLATFORM, OptionalInt.of(TOMCAT_THREADS),
                    "Spring MVC on Tomcat (Spring Boot 4), server.tomcat.threads.max=200: web"),
            new ServerModel("mvc-virtual", "mvc", "dev.loomlab.servers.mvc.MvcServer", List.of("virtual"),
                    ServingThread.VIRTUAL, OptionalInt.empty(),
                    "Spring MVC on Tomcat with spring.threads.virtual.enabled=true: web"),
            new ServerModel("webflux", "webflux", "dev.loomlab.servers.webflux.WebfluxServer", List.of(),
                    ServingThread.EVENT_LOOP, OptionalInt.empty(),
                    "Spring WebFlux on Reactor Netty, Mono.just(\"ok\").delayElement(delay): web"),
            new ServerModel("helidon", "helidon", "dev.loomlab.servers.helidon.HelidonServer", List.of(),
                    ServingThread.VIRTUAL, OptionalInt.empty(),
                    "Helidon 4 SE, a virtual thread per request: web"),
            new ServerModel("jdk", "jdk", "dev.loomlab.servers.jdk.JdkServer", List.of(),
                    ServingThread.VIRTUAL, OptionalInt.empty(),
                    "com.sun.net.httpserver on a virtual thread per exchange: web"));

    /** The server model called {@code name}. */
    public static ServerModel named(String name) {
        return ALL.stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new BadInputException("unknown server '" + name + "'; known: "
                        + String.join(", ", ALL.stream().map(ServerModel::name).toList())));
    }

    @Override
    public List<ModelKind> kinds() {
        return ALL.stream().map(m -> {
            ModelKind kind = ModelKind.of(m.name(), Sizing.NONE, m.promise(), m.description());
            return m.threads().isPresent() ? kind.limitedTo(m.threads().getAsInt()) : kind;
        }).toList();
    }

    @Override
    public List<RunnerBinding<?>> runners() {
        return ALL.stream().<RunnerBinding<?>>map(m -> RunnerBinding.of(m.name(), ServerModel.FORM, model -> m)).toList();
    }
}
