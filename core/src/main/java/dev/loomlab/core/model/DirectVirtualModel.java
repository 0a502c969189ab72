package dev.loomlab.core.model;


/**
 * {@code virtual-direct}: a virtual thread started per task and joined, with no executor in between —
 * the least bookkeeping virtual threads allow.
 */
final class DirectVirtualModel implements Model {
    @Override
    public String name() {
        return "virtual-direct";
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) throws InterruptedException {
        Thread[] threads = new Thread[clock.tasks()];
        for (int i = 0; i < threads.length; i++) {
            int index = i;
            clock.submitted(index);
            threads[i] = Thread.startVirtualThread(() -> clock.run(index, task));
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
