package dev.loomlab.core.memory;

import dev.loomlab.core.workload.NotApplicableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Parked virtual threads that cannot fit in the heap even at 500 bytes each are not applicable. */
class VirtualThreadHeapTest {
    private static final long MB = 1 << 20;

    @Test
    void aCountThatFitsAtFiveHundredBytesAThreadIsAllowed() {
        // 2,097 × 500 B = 1,048,500 B, just under 1 MiB (1,048,576 B).
        assertThatCode(() -> VirtualThreadHeap.requireRoomFor(2_097, MB)).doesNotThrowAnyException();
        // A million threads (about 690 MB measured) in an 18 GB heap.
        assertThatCode(() -> VirtualThreadHeap.requireRoomFor(1_000_000, 18_000 * MB)).doesNotThrowAnyException();
    }

    @Test
    void aCountBeyondTheHeapSaysWhatItNeedsAndWhatThereIs() {
        // 2,098 × 500 B = 1,049,000 B, over 1 MiB.
        assertThatThrownBy(() -> VirtualThreadHeap.requireRoomFor(2_098, MB)).isInstanceOf(NotApplicableException.class);
        // 2,147,483,639 × 500 B = 1,073,741,819,500 B = 1,023,999 MB (rounded down), far over 18,000 MB.
        assertThatThrownBy(() -> VirtualThreadHeap.requireRoomFor(Integer.MAX_VALUE - 8, 18_000 * MB))
                .isInstanceOf(NotApplicableException.class)
                .hasMessage("2,147,483,639 virtual threads at once need at least 1,023,999 MB of heap (500 bytes each), "
                        + "above this JVM's most of 18,000 MB (-Xmx, -XX:MaxRAMPercentage)");
    }
}
