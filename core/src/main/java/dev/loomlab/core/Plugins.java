package dev.loomlab.core;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Loads the providers of a service from the class path, skipping any this JVM cannot load — a module
 * compiled for a newer Java, or one that uses preview features this JVM was not started with. Such a
 * module's models are then unknown here, which a trial reports as "not applicable".
 */
public final class Plugins {
    private Plugins() {
    }

    public static <T> List<T> load(Class<T> service) {
        List<T> out = new ArrayList<>();
        Iterator<T> it = ServiceLoader.load(service).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                out.add(it.next());
            } catch (ServiceConfigurationError | LinkageError e) {
                // Not loadable on this JVM: leave it out.
            }
        }
        return out;
    }
}
