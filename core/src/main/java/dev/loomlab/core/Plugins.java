package dev.loomlab.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads the providers of a service named in the class path's {@code META-INF/services} files, as
 * {@link java.util.ServiceLoader} does, and keeps going past any provider this JVM cannot load — a module
 * compiled for a newer Java, one that uses preview features this JVM was not started with, a class that
 * is missing or whose initialization fails. Such a provider's models or scenarios are then unknown here,
 * which a trial reports as "not applicable"; but it is not silent: each broken provider is remembered
 * with its cause ({@link #broken}), and said once on stderr, one line per provider.
 *
 * <p>Why not {@link java.util.ServiceLoader#stream()}: a provider class that fails to load (e.g. an
 * {@code UnsupportedClassVersionError} for a module compiled for Java 25 in a JDK 21 trial) is thrown as a
 * {@link java.util.ServiceConfigurationError} while the stream advances, which ends the stream, and the iterator
 * promises only a "best effort" to go on after one. Reading the services files ourselves keeps every loadable
 * provider and names each one that is not.
 */
public final class Plugins {
    private static final String SERVICES = "META-INF/services/";
    /** Every provider that failed to load in this JVM, by service and class name, in the order found. */
    private static final Map<String, Broken> BROKEN = new LinkedHashMap<>();

    /**
     * A provider that could not be loaded.
     *
     * @param service the service interface's name, e.g. {@code dev.loomlab.core.model.ModelProvider}
     * @param provider the provider class the services file names
     * @param cause why it did not load, one line (exception class and message)
     */
    public record Broken(String service, String provider, String cause) {
        /** The line said on stderr and shown by {@code loomlab list}. */
        public String line() {
            return provider + " (" + simpleName(service) + "): " + cause;
        }
    }

    private Plugins() {
    }

    /** The providers of {@code service} on the context class loader (or this class's), in class-path order. */
    public static <T> List<T> load(Class<T> service) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return load(service, context != null ? context : Plugins.class.getClassLoader());
    }

    /** The providers of {@code service} that {@code loader}'s services files name and this JVM can load. */
    public static <T> List<T> load(Class<T> service, ClassLoader loader) {
        List<T> out = new ArrayList<>();
        for (String name : providerNames(service, loader)) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                if (!service.isAssignableFrom(type)) {
                    broken(service, name, "not a " + service.getName());
                    continue;
                }
                if (!Modifier.isPublic(type.getModifiers())) {
                    broken(service, name, "not a public class");
                    continue;
                }
                out.add(service.cast(type.getConstructor().newInstance()));
            } catch (InvocationTargetException e) {
                broken(service, name, describe(e.getCause()));
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                broken(service, name, describe(e instanceof ExceptionInInitializerError init && init.getCause() != null
                        ? init.getCause() : e));
            }
        }
        return out;
    }

    /** Every provider that could not be loaded in this JVM so far, in the order found. */
    public static List<Broken> broken() {
        synchronized (BROKEN) {
            return List.copyOf(BROKEN.values());
        }
    }

    /** The provider class names of every services file for {@code service}, first mention first. */
    private static Set<String> providerNames(Class<?> service, ClassLoader loader) {
        Set<String> names = new LinkedHashSet<>();
        Enumeration<URL> files;
        try {
            files = loader.getResources(SERVICES + service.getName());
        } catch (IOException e) {
            broken(service, SERVICES + service.getName(), describe(e));
            return names;
        }
        while (files.hasMoreElements()) {
            URL file = files.nextElement();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    int comment = line.indexOf('#');
                    String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
            } catch (IOException e) {
                broken(service, file.toString(), describe(e));
            }
        }
        return names;
    }

    /** Remembers a broken provider and, the first time, says so on stderr. */
    private static void broken(Class<?> service, String provider, String cause) {
        Broken b = new Broken(service.getName(), provider, cause);
        boolean first;
        synchronized (BROKEN) {
            first = BROKEN.putIfAbsent(service.getName() + " " + provider, b) == null;
        }
        if (first) {
            System.err.println("loomlab: plugin not loaded: " + b.line());
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        String text = e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
