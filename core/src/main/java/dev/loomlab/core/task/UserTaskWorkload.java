package dev.loomlab.core.task;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.workload.CallCountingWorkload;
import dev.loomlab.core.workload.FailedCalls;
import dev.loomlab.core.workload.Offer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Scenario {@code task}: {@code tasks} calls of a user's {@link UserTask} per iteration. Blocking models
 * call it and wait; for a task that returns a {@link java.util.concurrent.CompletionStage}, models of the
 * async form start the calls and wait for none. A call that throws is counted ({@code failed_calls}) and
 * the iteration goes on; the first exception of each iteration goes into the result ({@code first_failure}),
 * and the trial's first, with its stack, to the trial log. An iteration in which every
 * call threw measured nothing and is invalid. The calibration that gives the bound times one call alone
 * ({@link #cpuPart}): its latency and its CPU time.
 */
public final class UserTaskWorkload extends CallCountingWorkload {
    private final UserTask task;
    private final Map<String, String> params;
    private final Object[] values;

    /** @param params the task's own parameters, handed to its (Map) constructor */
    public UserTaskWorkload(int tasks, UserTask task, Map<String, String> params) {
        super(tasks, "call of " + task.className());
        this.task = task;
        this.params = params;
        this.values = new Object[tasks];
    }

    @Override
    public List<Offer<?>> offers() {
        List<Offer<?>> offers = new ArrayList<>();
        offers.add(Offer.blocking(index -> {
            try {
                values[index] = task.call();
            } catch (Exception | Error e) {
                failed(e);
            }
        }));
        if (task.shape() == UserTask.Shape.ASYNC) {
            offers.add(Offer.async(index -> {
                try {
                    return task.start().handle((value, failure) -> {
                        if (failure != null) {
                            failed(failure);
                        } else {
                            values[index] = value;
                        }
                        return null;
                    });
                } catch (Exception | Error e) {
                    failed(e);
                    return java.util.concurrent.CompletableFuture.completedFuture(null);
                }
            }));
        }
        return offers;
    }

    private void failed(Throwable t) {
        failed.add(t);
    }

    @Override
    public void open(Model model) throws Exception {
        task.open(params);
    }

    @Override
    public void close() {
        try {
            task.close();
        } catch (Exception e) {
            System.out.println("task " + task.className() + ": close() threw " + e);
        }
    }

    @Override
    public void prepare() {
        java.util.Arrays.fill(values, null);
        failed.reset();
    }

    @Override
    public Map<String, Double> collect(TaskClock clock) {
        failed.printFirstOnce("task " + task.className());
        return Map.of(FailedCalls.METRIC.name(), (double) failed.count());
    }

    /**
     * One call alone, timed by the trial for the bound (latency and CPU per call). A call that throws is
     * timed like any other: the calibration is outside the iterations, and counts nothing.
     */
    @Override
    public Optional<dev.loomlab.core.model.BlockingTask> cpuPart() {
        return Optional.of(index -> {
            try {
                task.call();
            } catch (Exception | Error e) {
                // as fast as the task fails
            }
        });
    }
}
