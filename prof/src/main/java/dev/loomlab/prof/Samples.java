package dev.loomlab.prof;

import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.prof.JfrChunks;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import one.convert.Frame;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Reads the samples of one {@link SampleKind} from a {@code .jfr} file, whether the JDK's Flight Recorder or
 * async-profiler wrote it: the JDK's {@link RecordingFile} reads both (async-profiler 4.2 writes standard JFR
 * chunks with its own {@code profiler.*} event types beside the {@code jdk.*} ones), one chunk at a time ({@link JfrChunks}).
 *
 * <p>A frame is named {@code package.Class.method}, without its line: samples anywhere in one method add up, as
 * in a flame graph, and a frame reads the same in every result. Hidden-class and lambda suffixes ({@code /0x…})
 * are removed, so that the same code groups together across runs. async-profiler's native frames are named
 * {@code library.symbol}, e.g. {@code libc.so.6.__futex_abstimed_wait_common} or {@code libjvm.so.PlatformEvent::park},
 * and its kernel frames by their symbol alone, e.g. {@code clear_page_erms}.
 */
final class Samples {
    private Samples() {
    }

    /**
     * Hands every sample of {@code kind} in {@code jfr} to {@code sink}, in file order.
     *
     * @return how many samples were read (their weights added)
     */
    static long forEach(Path jfr, SampleKind kind, Consumer<StackSample> sink) throws IOException {
        return forEach(jfr, EnumSet.of(kind), (k, s) -> sink.accept(s)).get(kind);
    }

    /**
     * Hands every sample of the {@code kinds} in {@code jfr} to {@code sink} with its kind, in file order, in one
     * pass over the file.
     *
     * @return per kind, how many samples were read (their weights added; 0 for none)
     */
    static Map<SampleKind, Long> forEach(Path jfr, Set<SampleKind> kinds, BiConsumer<SampleKind, StackSample> sink)
            throws IOException {
        Map<String, SampleKind> byEvent = new HashMap<>();
        Map<SampleKind, Long> samples = new EnumMap<>(SampleKind.class);
        for (SampleKind k : kinds) {
            k.events().forEach(e -> byEvent.put(e, k));
            samples.put(k, 0L);
        }
        // Chunk by chunk (JfrChunks): async-profiler writes a chunk per measured iteration.
        JfrChunks.forEachEvent(jfr, e -> {
            String type = e.getEventType().getName();
            SampleKind kind = byEvent.get(type);
            if (kind != null) {
                StackSample s = sample(e, type);
                samples.merge(kind, s.weight(), Long::sum);
                sink.accept(kind, s);
            }
        });
        return samples;
    }

    private static StackSample sample(RecordedEvent e, String type) {
        RecordedStackTrace trace = e.getStackTrace();
        List<RecordedFrame> recorded = trace == null ? List.of() : trace.getFrames();
        List<String> frames = new ArrayList<>(recorded.size());
        byte[] types = new byte[recorded.size()];
        for (int i = 0; i < recorded.size(); i++) {
            RecordedFrame f = recorded.get(i);
            frames.add(name(f.getMethod()));
            types[i] = type(f.getType());
        }
        long weight = type.equals(SampleKind.WALL_CLOCK_SAMPLE) && e.hasField("samples") ? Math.max(1, e.getLong("samples")) : 1;
        return new StackSample(frames, types, weight, leaf(e, type));
    }

    /**
     * {@code package.Class.method}; for async-profiler's native frames {@code library.symbol}, or the symbol alone
     * where it names no library (kernel frames, {@code [vdso]}).
     */
    static String name(RecordedMethod m) {
        String type = m.getType() == null ? "" : m.getType().getName();
        return type.isEmpty() ? m.getName() : PinnedEvents.frame(type, m.getName(), 0);
    }

    /** The class an allocation or lock sample is about: what the converter adds above the stack. */
    private static StackSample.Leaf leaf(RecordedEvent e, String type) {
        String field = type.startsWith("jdk.ObjectAllocation") ? "objectClass"
                : type.equals("jdk.JavaMonitorEnter") ? "monitorClass"
                : type.equals("jdk.ThreadPark") ? "parkedClass" : null;
        if (field == null || !e.hasField(field)) {
            return null;
        }
        RecordedClass c = e.getClass(field);
        if (c == null) {
            return null;
        }
        // As async-profiler's converter colours them: objects allocated outside a TLAB apart from the rest.
        byte colour = type.equals("jdk.ObjectAllocationOutsideTLAB") ? Frame.TYPE_KERNEL : Frame.TYPE_INLINED;
        return new StackSample.Leaf(javaName(c.getName()), colour);
    }

    /** A class name as Java source writes it: {@code byte[]} for {@code [B}, {@code java.lang.String[]} for {@code [Ljava.lang.String;}. */
    static String javaName(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return name.replace('/', '.');
        }
        String element = switch (name.charAt(dims)) {
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'D' -> "double";
            case 'F' -> "float";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'S' -> "short";
            case 'Z' -> "boolean";
            case 'L' -> name.substring(dims + 1, name.endsWith(";") ? name.length() - 1 : name.length()).replace('/', '.');
            default -> name.substring(dims);
        };
        return element + "[]".repeat(dims);
    }

    /** The converter's frame type for JFR's frame type name ({@code jdk.types.FrameType}). */
    private static byte type(String name) {
        if (name == null) {
            return Frame.TYPE_JIT_COMPILED;
        }
        return switch (name) {
            case "Interpreted" -> Frame.TYPE_INTERPRETED;
            case "Inlined" -> Frame.TYPE_INLINED;
            case "C1 compiled" -> Frame.TYPE_C1_COMPILED;
            case "Native" -> Frame.TYPE_NATIVE;
            case "C++" -> Frame.TYPE_CPP;
            case "Kernel" -> Frame.TYPE_KERNEL;
            default -> Frame.TYPE_JIT_COMPILED;
        };
    }
}
