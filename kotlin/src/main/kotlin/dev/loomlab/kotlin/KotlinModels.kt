package dev.loomlab.kotlin

import dev.loomlab.core.model.BlockingTask
import dev.loomlab.core.model.Model
import dev.loomlab.core.model.ModelProvider
import dev.loomlab.core.model.ModelProvider.ModelKind
import dev.loomlab.core.model.Style
import dev.loomlab.core.model.TaskClock
import java.util.OptionalInt

/** The Kotlin module's models: coroutines with `delay`, and blocking calls on Dispatchers.IO or on virtual threads. */
class KotlinModels : ModelProvider {
    override fun kinds(): List<ModelKind> = listOf(
        ModelKind("coroutines", false, "Kotlin coroutines on Dispatchers.Default, suspending (delay) calls") { CoroutinesModel },
        ModelKind("coroutines-io", false, "Kotlin coroutines making blocking calls on Dispatchers.IO (64 threads)") { CoroutinesIoModel },
        ModelKind("coroutines-virtual", false, "Kotlin coroutines making blocking calls on a virtual-thread dispatcher") {
            CoroutinesVirtualModel
        },
    )
}

/** `coroutines`: runs only workloads with a suspending form (fanout); blocking ones say "not applicable". */
object CoroutinesModel : Model {
    override fun name() = "coroutines"
    override fun style() = Style.SUSPENDING
    override fun concurrency(): OptionalInt = OptionalInt.empty()
    override fun runAll(task: BlockingTask, clock: TaskClock): Unit =
        throw UnsupportedOperationException("coroutines runs only workloads with a suspending form")
}

/** `coroutines-io`: each blocking task a coroutine on Dispatchers.IO, which runs at most 64 at once. */
object CoroutinesIoModel : Model {
    /** Dispatchers.IO's default parallelism (kotlinx.coroutines.io.parallelism). */
    const val IO_THREADS = 64
    override fun name() = "coroutines-io"
    override fun style() = Style.BLOCKING
    override fun concurrency(): OptionalInt = OptionalInt.of(IO_THREADS)
    override fun runAll(task: BlockingTask, clock: TaskClock) = Dispatching.runBlockingTasks(kotlinx.coroutines.Dispatchers.IO, task, clock)
}

/** `coroutines-virtual`: each blocking task a coroutine on a dispatcher that runs every continuation on a new virtual thread. */
object CoroutinesVirtualModel : Model {
    override fun name() = "coroutines-virtual"
    override fun style() = Style.BLOCKING
    override fun concurrency(): OptionalInt = OptionalInt.empty()
    override fun runAll(task: BlockingTask, clock: TaskClock) = Dispatching.withVirtualDispatcher { dispatcher ->
        Dispatching.runBlockingTasks(dispatcher, task, clock)
    }
}
