package dev.loomlab.core.semaphore;

import dev.loomlab.core.param.Choice;


/** What a limited downstream does with a call beyond its limit. */
public enum Overflow implements Choice {
    /** The call waits (first come, first served) until a slot frees: a connection pool's queue. */
    QUEUE,
    /** The call is refused at once: a rate limiter's 429, a bulkhead's rejection. */
    REJECT;

}
