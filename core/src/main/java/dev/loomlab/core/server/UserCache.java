package dev.loomlab.core.server;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The {@code memory} endpoint's state, one per server: each request draws a user from article 003's pool
 * of {@value #USERS} (a seeded sequence, so that a run repeats), allocates that user's data
 * ({@code retain} bytes, written through) and retains it in slot {@code user mod capacity}, dropping what
 * the slot held. The heap it holds grows with the users seen until every slot is full, then each request
 * turns a retained array into garbage: at most {@code capacity × retain} bytes are retained, by
 * construction. Lock-free, so an event loop may call it.
 */
public final class UserCache {
    /** Article 003's user pool: randomised request parameters drawn from 10,000 users. */
    public static final int USERS = 10_000;
    private static final long SEED = 0x5EED_0003L;

    private final int retainBytes;
    private final AtomicReferenceArray<byte[]> slots;
    private final AtomicInteger entries = new AtomicInteger();
    private final AtomicLong draws = new AtomicLong();

    /** A cache of {@code capacity} entries (1 to {@value #USERS}) of {@code retainBytes} each. */
    public UserCache(int capacity, int retainBytes) {
        if (capacity < 1 || capacity > USERS || retainBytes < 1) {
            throw new IllegalArgumentException("capacity " + capacity + " (1.." + USERS + "), retain " + retainBytes);
        }
        this.retainBytes = retainBytes;
        this.slots = new AtomicReferenceArray<>(capacity);
    }

    /** A cache sized as {@code spec} says. */
    public UserCache(EndpointSpec spec) {
        this(spec.cacheEntries(), spec.retainBytes());
    }

    /** One request: draws a user, allocates and retains its data; returns the user (0 to {@value #USERS} - 1). */
    public int retainRandomUser() {
        int user = user(draws.getAndIncrement());
        byte[] data = new byte[retainBytes];
        Arrays.fill(data, (byte) user);
        if (slots.getAndSet(user % slots.length(), data) == null) {
            entries.incrementAndGet();
        }
        return user;
    }

    /** The {@code n}th user of the seeded sequence: SplitMix64's finaliser of SEED + n, over the pool. */
    static int user(long n) {
        long z = SEED + (n + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) Math.floorMod(z, (long) USERS);
    }

    /** The slots that hold a user's data: what a server reports as {@code cache_entries}. */
    public int entries() {
        return entries.get();
    }
}
