package dev.loomlab.core.workload;

import dev.loomlab.core.model.AsyncTask;
import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.Runners;
import dev.loomlab.core.model.TaskClock;

import java.util.Optional;

/**
 * One form a {@link TaskWorkload} can run in, with the job that runs an iteration on that form's runner.
 *
 * @param <R> the form's runner type
 */
public record Offer<R>(Form<R> form, Job<R> job) {

    /** Blocking tasks, run by the model's {@link dev.loomlab.core.model.BlockingRunner}. */
    public static Offer<?> blocking(BlockingTask task) {
        return new Offer<>(Form.BLOCKING, (runner, clock) -> runner.runAll(task, clock));
    }

    /** Non-blocking tasks, each starting a future, run by the model's {@link dev.loomlab.core.model.AsyncRunner}. */
    public static Offer<?> async(AsyncTask task) {
        return new Offer<>(Form.ASYNC, (runner, clock) -> runner.runAll(task, clock));
    }

    /** This offer bound to the model's runner of its form, when the model has one. */
    public Optional<Bound> bind(Runners runners) {
        return runners.get(form).map(runner -> new Bound() {
            @Override
            public String form() {
                return form.name();
            }

            @Override
            public void open() throws Exception {
                job.open(runner);
            }

            @Override
            public void run(TaskClock clock) throws InterruptedException {
                job.run(runner, clock);
            }
        });
    }

    /** How a workload runs one iteration on a runner of its form. */
    @FunctionalInterface
    public interface Job<R> {
        /** Once per trial, after the workload's own open: what needs the runner (a server of its kind). */
        default void open(R runner) throws Exception {
        }

        /** One iteration's tasks on {@code runner}, each recorded in {@code clock}: the timed span. */
        void run(R runner, TaskClock clock) throws InterruptedException;
    }

    /** An offer bound to a runner: what the trial executor opens once and times each iteration. */
    public interface Bound {
        String form();

        void open() throws Exception;

        void run(TaskClock clock) throws InterruptedException;
    }
}
