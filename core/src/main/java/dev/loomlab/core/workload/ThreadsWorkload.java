package dev.loomlab.core.workload;

import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ThreadKind;

/**
 * A {@link TrialWorkload} that runs its whole trial on threads of one {@link ThreadKind} (platform or
 * virtual), in {@link Form#THREADS}: the memory scenario's own loop, a JMH benchmark.
 */
public interface ThreadsWorkload extends TrialWorkload<ThreadKind> {
    @Override
    default Form<ThreadKind> form() {
        return Form.THREADS;
    }
}
