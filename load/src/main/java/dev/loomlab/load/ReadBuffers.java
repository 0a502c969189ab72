package dev.loomlab.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledHeapByteBuf;
import io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * Where the generator's connections read: one heap buffer per event loop, reused by every read on it. A
 * {@link Connection} parses what it read before the read returns and keeps no reference to it, so a read
 * needs no buffer of its own — Netty's default allocates, tracks and frees one per read — and the
 * {@link ResponseParser} reads the bytes in place.
 */
final class ReadBuffers extends DefaultMaxMessagesRecvByteBufAllocator {
    /** Bytes one read takes at most (a larger answer takes several reads). */
    static final int SIZE = 64 * 1024;
    private static final FastThreadLocal<ByteBuf> BUFFER = new FastThreadLocal<>() {
        @Override
        protected ByteBuf initialValue() {
            // not from an allocator: plain heap memory, for the garbage collector once the loop's thread ends
            return Unpooled.unreleasableBuffer(new UnpooledHeapByteBuf(UnpooledByteBufAllocator.DEFAULT, SIZE, SIZE));
        }
    };

    @Override
    public Handle newHandle() {
        return new MaxMessageHandle() {
            @Override
            public ByteBuf allocate(ByteBufAllocator alloc) {
                return BUFFER.get().clear();
            }

            @Override
            public int guess() {
                return SIZE;
            }
        };
    }
}
