package dev.loomlab.kotlin

import dev.loomlab.core.model.BlockingTask
import dev.loomlab.core.model.TaskClock
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import java.util.concurrent.Executors

/** Shared plumbing: blocking tasks as coroutines on a dispatcher; a virtual-thread dispatcher's lifetime. */
internal object Dispatching {

    /** Launches every task as a coroutine on [dispatcher] and waits for all. */
    fun runBlockingTasks(dispatcher: CoroutineDispatcher, task: BlockingTask, clock: TaskClock) = runBlocking {
        for (i in 0 until clock.tasks()) {
            clock.submitted(i)
            launch(dispatcher) { clock.run(i, task) }
        }
    }

    /** Runs [body] with a dispatcher that starts a virtual thread per dispatched continuation, then closes it. */
    fun <T> withVirtualDispatcher(body: (CoroutineDispatcher) -> T): T =
        Executors.newVirtualThreadPerTaskExecutor().asCoroutineDispatcher().use { body(it) }
}
