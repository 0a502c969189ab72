package dev.loomlab.core.model;


/**
 * {@code virtual-direct}: a virtual thread started per task and joined, with no executor in between —
 * the least bookkeeping virtual threads allow.
 */
public final class DirectVirtualModel implements BlockingModel {
    @Override
    public String name() {
        return "virtual-direct";
    }

    @Override
    public String description() {
        return "a virtual thread started per task and joined, no executor";
    }

    @Override
    public ServingThread threads() {
        return ServingThread.VIRTUAL;
    }

    @Override
    public BlockingRunner runner(Model model) {
        return (task, clock) -> {
            Thread[] threads = new Thread[clock.tasks()];
            for (int i = 0; i < threads.length; i++) {
                int index = i;
                clock.submitted(index);
                threads[i] = Thread.startVirtualThread(() -> clock.run(index, task));
            }
            for (Thread t : threads) {
                t.join();
            }
        };
    }
}
