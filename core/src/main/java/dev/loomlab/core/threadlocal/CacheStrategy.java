package dev.loomlab.core.threadlocal;

import dev.loomlab.core.param.Choice;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Where a task gets its expensive object: a {@link ThreadLocal} cache (one per thread that runs tasks),
 * a new one per task, a small pool shared by all tasks (a task waits when every pooled object is out), or a new one
 * per task bound in a {@code ScopedValue} ({@link ScopedBinding}, JDK 25).
 */
public enum CacheStrategy implements Choice {
    THREADLOCAL,
    PER_TASK,
    POOL,
    /** Made for each task and bound in a {@code ScopedValue} for the task's use (JDK 25): nothing outlives the task. */
    SCOPEDVALUE;

    /**
     * A fresh source for one iteration, making objects with {@code factory} (pool: at most {@code poolSize});
     * {@code binding} binds each object for its use ({@link #SCOPEDVALUE} only).
     */
    Source newSource(Supplier<Object> factory, int poolSize, ScopedBinding binding) {
        return switch (this) {
            // made on a thread's first task and kept for its next ones, as caching code does
            case THREADLOCAL -> ThreadLocal.withInitial(factory)::get;
            // a new one for every task, left as garbage
            case PER_TASK -> factory::get;
            case POOL -> new PoolSource(factory, poolSize);
            case SCOPEDVALUE -> new Source() {
                @Override
                public Object acquire() {
                    return factory.get();
                }

                @Override
                public long use(Object object, ToLongFunction<Object> use) {
                    return binding.call(object, use);
                }
            };
        };
    }

    /** Hands out objects to tasks, lets them use one, and takes them back; only the pool takes any back. */
    interface Source {
        Object acquire() throws InterruptedException;

        /** {@code use} of {@code object}, as the task's code reaches it: directly, or through its binding. */
        default long use(Object object, ToLongFunction<Object> use) {
            return use.applyAsLong(object);
        }

        default void release(Object object) {
        }
    }

    /** Made on demand up to its size, then shared: a task takes a free object or waits for one. */
    private static final class PoolSource implements Source {
        private final Supplier<Object> factory;
        private final int size;
        private final BlockingQueue<Object> free;
        private final AtomicInteger made = new AtomicInteger();

        PoolSource(Supplier<Object> factory, int size) {
            this.factory = factory;
            this.size = size;
            this.free = new ArrayBlockingQueue<>(size);
        }

        @Override
        public Object acquire() throws InterruptedException {
            Object o = free.poll();
            if (o != null) {
                return o;
            }
            for (int n = made.get(); n < size; n = made.get()) {
                if (made.compareAndSet(n, n + 1)) {
                    return factory.get();
                }
            }
            return free.take();
        }

        @Override
        public void release(Object object) {
            free.add(object);
        }
    }
}
