package dev.loomlab.core.threadlocal;

import dev.loomlab.core.param.Choice;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.zip.CRC32;

/**
 * An object that is costly to make, which code is tempted to cache per thread, and what a task does with
 * it. {@link #use} is deterministic in its seed, so a task's value can be checked.
 */
public enum ExpensiveObject implements Choice {
    /** A 64 KB scratch buffer: a task fills it from its seed and returns the CRC-32 of the buffer. */
    BUFFER {
        @Override
        Object create() {
            return new byte[BUFFER_BYTES];
        }

        @Override
        long use(Object object, int seed) {
            byte[] buffer = (byte[]) object;
            for (int i = 0; i < buffer.length; i++) {
                buffer[i] = (byte) (i * 31 + seed);
            }
            CRC32 crc = new CRC32();
            crc.update(buffer);
            return crc.getValue();
        }
    },
    /** A SHA-256 {@link MessageDigest}: a task digests a 1 KB message chosen by its seed and returns the first 8 bytes. */
    DIGEST {
        @Override
        Object create() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
        }

        @Override
        long use(Object object, int seed) {
            MessageDigest digest = (MessageDigest) object;
            digest.reset();
            return ByteBuffer.wrap(digest.digest(MESSAGES[seed])).getLong();
        }
    };

    /** The scratch buffer's size, bytes. */
    public static final int BUFFER_BYTES = 64 * 1024;
    /** Seeds cycle through this many values (task index modulo), so expected values are computed once. */
    static final int SEEDS = 16;
    private static final byte[][] MESSAGES = messages();

    /** A new instance. */
    abstract Object create();

    /** What a task computes with {@code object} for {@code seed} (0 … {@value #SEEDS} − 1). */
    abstract long use(Object object, int seed);

    private static byte[][] messages() {
        byte[][] out = new byte[SEEDS][1024];
        for (int s = 0; s < SEEDS; s++) {
            for (int i = 0; i < out[s].length; i++) {
                out[s][i] = (byte) (s * 7 + i);
            }
        }
        return out;
    }
}
