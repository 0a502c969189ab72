package dev.loomlab.core.workload;

/**
 * What a scenario's tasks do, in one of two shapes: {@link TaskWorkload} — N tasks per iteration, which
 * the trial executor times on a model's runner — or {@link TrialWorkload} — a whole trial the workload
 * runs itself (through JMH, or a measurement loop of its own).
 */
public sealed interface Workload permits TaskWorkload, TrialWorkload {
}
