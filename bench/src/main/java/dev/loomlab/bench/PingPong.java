package dev.loomlab.bench;

/** Two threads handing a token back and forth: the pinger calls {@link #roundTrip}, the ponger runs {@link #serve}. */
abstract class PingPong {
    /** The token that ends {@link #serve}. */
    static final int STOP = -1;

    Thread pinger;
    Thread ponger;

    void bind(Thread pinger, Thread ponger) {
        this.pinger = pinger;
        this.ponger = ponger;
    }

    /** Hands {@code token} (> 0) to the ponger and waits for it to come back. */
    abstract int roundTrip(int token) throws InterruptedException;

    /** The ponger's loop: hands every token back until {@link #stop}. */
    abstract void serve();

    /** Ends the ponger's loop. */
    abstract void stop() throws InterruptedException;
}
