package dev.loomlab.foreign;

import dev.loomlab.core.pinning.FramedHold;
import dev.loomlab.core.pinning.Hold;
import dev.loomlab.core.pinning.NativeFrame;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A native frame made with the Foreign Function API: a downcall to the C library's {@code qsort} on two
 * ints, whose comparator is an upcall into Java that runs the hold on its first comparison. While the
 * hold runs, the thread's stack holds qsort's native frame between two Java frames — what pins a
 * virtual thread on every JDK.
 */
public final class QsortNativeFrame implements NativeFrame {
    private static final ThreadLocal<FramedHold> CURRENT = new ThreadLocal<>();

    @Override
    public void call(Hold hold) throws InterruptedException {
        FramedHold framed = new FramedHold(hold);
        CURRENT.set(framed);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pair = arena.allocate(ValueLayout.JAVA_INT, 2);
            pair.setAtIndex(ValueLayout.JAVA_INT, 0, 2);
            pair.setAtIndex(ValueLayout.JAVA_INT, 1, 1);
            Qsort.HANDLE.invokeExact(pair, 2L, ValueLayout.JAVA_INT.byteSize(), Qsort.COMPARATOR);
            if (pair.getAtIndex(ValueLayout.JAVA_INT, 0) != 1 || pair.getAtIndex(ValueLayout.JAVA_INT, 1) != 2) {
                throw new IllegalStateException("qsort did not sort {2, 1}");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("the qsort downcall failed", t);
        } finally {
            CURRENT.remove();
        }
        framed.rethrow("qsort never called the comparator");
    }

    /** The comparator qsort calls back: runs the current call's hold once, then compares two ints. */
    static int compare(MemorySegment a, MemorySegment b) {
        FramedHold framed = CURRENT.get();
        if (framed != null) {
            framed.runOnce();
        }
        return Integer.compare(a.get(ValueLayout.JAVA_INT, 0), b.get(ValueLayout.JAVA_INT, 0));
    }

    /** qsort and the comparator's upcall stub, linked once on first use. */
    private static final class Qsort {
        static final MethodHandle HANDLE;
        static final MemorySegment COMPARATOR;

        static {
            Linker linker = Linker.nativeLinker();
            MemorySegment qsort = linker.defaultLookup().find("qsort")
                    .orElseThrow(() -> new IllegalStateException("the C library has no qsort"));
            HANDLE = linker.downcallHandle(qsort, FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
            AddressLayout intPointer = ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT);
            try {
                MethodHandle compare = MethodHandles.lookup().findStatic(QsortNativeFrame.class, "compare",
                        MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
                COMPARATOR = linker.upcallStub(compare, FunctionDescriptor.of(ValueLayout.JAVA_INT, intPointer, intPointer),
                        Arena.global());
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }
}
