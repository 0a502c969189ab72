package dev.loomlab.core.stats;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;

/**
 * A histogram as text: HdrHistogram's compressed encoding in base64 — the same payload as one interval
 * line of HdrHistogram's log format, so its tools (and {@link org.HdrHistogram.HistogramLogReader}) read it.
 */
public final class HistogramCodec {
    private HistogramCodec() {
    }

    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram {@link #encode} wrote. */
    public static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("corrupt latency histogram", e);
        }
    }
}
