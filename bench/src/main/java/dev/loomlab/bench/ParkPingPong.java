package dev.loomlab.bench;

import java.util.concurrent.locks.LockSupport;

/** Hand-off with {@code LockSupport.park/unpark} over two volatile slots: the cheapest blocking hand-off. */
final class ParkPingPong extends PingPong {
    private static final int EMPTY = 0;

    private volatile int request = EMPTY;
    private volatile int reply = EMPTY;

    @Override
    int roundTrip(int token) {
        reply = EMPTY;
        request = token;
        LockSupport.unpark(ponger);
        int r;
        while ((r = reply) == EMPTY) {
            LockSupport.park(this);
        }
        return r;
    }

    @Override
    void serve() {
        while (true) {
            int token;
            while ((token = request) == EMPTY) {
                LockSupport.park(this);
            }
            request = EMPTY;
            if (token == STOP) {
                return;
            }
            reply = token;
            LockSupport.unpark(pinger);
        }
    }

    @Override
    void stop() {
        request = STOP;
        LockSupport.unpark(ponger);
    }
}
