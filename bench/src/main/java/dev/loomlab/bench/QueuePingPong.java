package dev.loomlab.bench;

import java.util.concurrent.SynchronousQueue;

/** Hand-off through two {@link SynchronousQueue}s: put blocks until the other thread takes. */
final class QueuePingPong extends PingPong {
    private final SynchronousQueue<Integer> ping = new SynchronousQueue<>();
    private final SynchronousQueue<Integer> pong = new SynchronousQueue<>();

    @Override
    int roundTrip(int token) throws InterruptedException {
        ping.put(token);
        return pong.take();
    }

    @Override
    void serve() {
        try {
            while (true) {
                Integer token = ping.take();
                if (token == STOP) {
                    return;
                }
                pong.put(token);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    void stop() throws InterruptedException {
        ping.put(STOP);
    }
}
