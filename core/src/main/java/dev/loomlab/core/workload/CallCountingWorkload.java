package dev.loomlab.core.workload;

import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.outcome.CallFailure;
import dev.loomlab.core.section.Sections;

/**
 * A task workload whose calls may throw while the iteration goes on (a user's task, a database call): it
 * counts them in {@link #failed}, reports the first into the result, and holds an iteration valid when every
 * task completed and not every call threw.
 */
public abstract class CallCountingWorkload implements TaskWorkload {
    /** The iteration's calls that threw. */
    protected final FailedCalls failed = new FailedCalls();
    private final int tasks;
    private final String call;

    /** @param call what one call is, for the message of an iteration in which every one threw */
    protected CallCountingWorkload(int tasks, String call) {
        this.tasks = tasks;
        this.call = call;
    }

    @Override
    public final int tasks() {
        return tasks;
    }

    /** The first exception a call threw in the iteration just collected ({@link CallFailure#SECTION}); none when none threw. */
    @Override
    public Sections sections() {
        return failed.first().map(f -> Sections.of(CallFailure.SECTION, f)).orElse(Sections.NONE);
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        failed.requireNotAll(tasks, call);
    }
}
