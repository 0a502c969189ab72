package dev.loomlab.core.model;

import java.util.concurrent.CompletionStage;

/** One task of a workload in non-blocking style: starts its work and returns at once with its stage. */
@FunctionalInterface
public interface AsyncTask {
    CompletionStage<?> start(int index) throws Exception;
}
