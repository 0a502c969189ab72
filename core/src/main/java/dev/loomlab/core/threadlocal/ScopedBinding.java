package dev.loomlab.core.threadlocal;

import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.ToLongFunction;

/**
 * Runs code with an object bound for its extent, as JDK 25's {@code ScopedValue} does: the replacement for a
 * {@link ThreadLocal} that the caution against caching in one points to. Its implementation lives in module
 * {@code scoped}, compiled for Java 25; core, compiled for Java 21, finds it with {@link ServiceLoader}.
 */
public interface ScopedBinding {
    /** {@code use} applied to {@code value}, read back from its binding inside the call. */
    long call(Object value, ToLongFunction<Object> use);

    /** The binding of this JVM; empty on a JDK before 25, whose class files it cannot load, or without module scoped. */
    static Optional<ScopedBinding> find() {
        try {
            return ServiceLoader.load(ScopedBinding.class).findFirst();
        } catch (ServiceConfigurationError | LinkageError e) {
            return Optional.empty();
        }
    }
}
