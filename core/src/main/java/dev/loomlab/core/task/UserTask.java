package dev.loomlab.core.task;

import dev.loomlab.core.BadInputException;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A user's task: a class of their own, loaded from their class path, of one of three plain JDK shapes —
 * {@link Runnable}, {@link Callable}, or a {@link Supplier} of a {@link CompletionStage} — made by a public
 * {@code (Map<String, String>)} constructor (which receives the task's {@code -p} parameters) or a public
 * no-arg one. The class path is the user's alone: the JDK is its parent, not loomlab, so their libraries
 * never meet loomlab's. An {@link AutoCloseable} task is closed with it.
 */
public final class UserTask implements AutoCloseable {
    /** The shape of a task class: what one call does. */
    public enum Shape {
        /** {@link Runnable#run}. */
        RUNNABLE,
        /** {@link Callable#call}; its value is kept so that the work cannot be discarded. */
        CALLABLE,
        /** {@link Supplier#get} of a {@link CompletionStage}: async models start it, blocking ones wait for it. */
        ASYNC
    }

    private final Class<?> type;
    private final Shape shape;
    private final ClassLoader loader;
    private Object instance;

    private UserTask(Class<?> type, Shape shape, ClassLoader loader) {
        this.type = type;
        this.shape = shape;
        this.loader = loader;
    }

    /**
     * Loads {@code className} from {@code classPath} (loomlab's own class path when empty) and checks its
     * shape and constructors against {@code params}, without making one.
     *
     * @throws BadInputException when the class cannot be loaded or used as a task
     */
    public static UserTask load(String classPath, String className, Map<String, String> params) {
        if (className.isBlank()) {
            throw new BadInputException("--task: give the task's class name, e.g. --task com.example.MyTask");
        }
        ClassLoader loader = classPath.isBlank() ? UserTask.class.getClassLoader()
                : new URLClassLoader("loomlab-task", TaskClassPath.urls(classPath), ClassLoader.getPlatformClassLoader());
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new BadInputException("--task " + className + ": no such class on "
                    + (classPath.isBlank() ? "loomlab's class path" : "--classpath " + classPath));
        } catch (LinkageError e) {
            throw new BadInputException("--task " + className + ": cannot be loaded (" + e + ")");
        }
        if (!Modifier.isPublic(type.getModifiers()) || Modifier.isAbstract(type.getModifiers())) {
            throw new BadInputException("--task " + className + ": must be a public, concrete class");
        }
        UserTask task = new UserTask(type, shapeOf(type), loader);
        task.constructor(params);
        return task;
    }

    private static Shape shapeOf(Class<?> type) {
        if (Supplier.class.isAssignableFrom(type)) {
            return Shape.ASYNC;
        }
        if (Callable.class.isAssignableFrom(type)) {
            return Shape.CALLABLE;
        }
        if (Runnable.class.isAssignableFrom(type)) {
            return Shape.RUNNABLE;
        }
        throw new BadInputException("--task " + type.getName() + ": is not a Runnable, a Callable or a "
                + "Supplier<CompletionStage> (it needs no loomlab type: one of these three JDK interfaces)");
    }

    /** The constructor a task is made with: (Map) when it has one, else the no-arg one, which takes no parameters. */
    private Constructor<?> constructor(Map<String, String> params) {
        try {
            return type.getConstructor(Map.class);
        } catch (NoSuchMethodException noMap) {
            if (!params.isEmpty()) {
                throw new BadInputException("--task " + type.getName() + ": takes no parameters (it has no public "
                        + "(Map<String, String>) constructor), but was given " + String.join(", ", params.keySet()));
            }
            try {
                return type.getConstructor();
            } catch (NoSuchMethodException none) {
                throw new BadInputException("--task " + type.getName() + ": needs a public no-arg or "
                        + "(Map<String, String>) constructor");
            }
        }
    }

    public Shape shape() {
        return shape;
    }

    public String className() {
        return type.getName();
    }

    /** Makes the task object; what its constructor throws is the trial's failure. */
    public void open(Map<String, String> params) throws Exception {
        Constructor<?> c = constructor(params);
        try {
            instance = c.getParameterCount() == 1 ? c.newInstance(Map.copyOf(params)) : c.newInstance();
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
        if (shape == Shape.ASYNC && !(instance instanceof Supplier<?>)) {
            throw new IllegalStateException(type.getName() + " is not a Supplier");
        }
    }

    /** One call, waited for: the task's value (null for a Runnable). */
    public Object call() throws Exception {
        return switch (shape) {
            case RUNNABLE -> {
                ((Runnable) instance).run();
                yield null;
            }
            case CALLABLE -> ((Callable<?>) instance).call();
            case ASYNC -> start().toCompletableFuture().join();
        };
    }

    /** One call started: the task's stage (an async task only). */
    public CompletionStage<?> start() {
        Object stage = ((Supplier<?>) instance).get();
        if (!(stage instanceof CompletionStage<?> s)) {
            throw new IllegalStateException(type.getName() + ".get() returned "
                    + (stage == null ? "null" : stage.getClass().getName()) + ", not a CompletionStage");
        }
        return s;
    }

    /** Closes an {@link AutoCloseable} task, then its class loader. */
    @Override
    public void close() throws Exception {
        try {
            if (instance instanceof AutoCloseable c) {
                c.close();
            }
        } finally {
            if (loader instanceof URLClassLoader own) {
                try {
                    own.close();
                } catch (IOException ignored) {
                    // jars left open until the trial JVM ends
                }
            }
        }
    }
}
