package dev.loomlab.core.model;

/** One task of a workload in blocking style, identified by its index in the iteration (0-based). */
@FunctionalInterface
public interface BlockingTask {
    void run(int index) throws Exception;
}
