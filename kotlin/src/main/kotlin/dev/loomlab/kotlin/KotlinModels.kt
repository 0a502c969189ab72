package dev.loomlab.kotlin

import dev.loomlab.core.fanout.FanoutModel
import dev.loomlab.core.model.BlockingRunner
import dev.loomlab.core.model.Form
import dev.loomlab.core.model.ModelKind
import dev.loomlab.core.model.ModelProvider
import dev.loomlab.core.model.RunnerBinding
import dev.loomlab.core.model.Sizing
import dev.loomlab.core.model.ServingThread
import kotlinx.coroutines.Dispatchers

/**
 * The Kotlin module's models: `coroutines` (suspending `delay` calls on Dispatchers.Default; a fan-out
 * form only), and blocking calls as coroutines on Dispatchers.IO (`coroutines-io`, at most 64 at once) or
 * on a virtual-thread dispatcher (`coroutines-virtual`).
 */
class KotlinModels : ModelProvider {
    override fun kinds(): List<ModelKind> = listOf(
        ModelKind.of("coroutines", Sizing.NONE, ServingThread.EVENT_LOOP,
            "Kotlin coroutines on Dispatchers.Default, suspending (delay) calls"),
        ModelKind.of("coroutines-io", Sizing.NONE, ServingThread.PLATFORM,
            "Kotlin coroutines making blocking calls on Dispatchers.IO (64 threads)").limitedTo(IO_THREADS),
        ModelKind.of("coroutines-virtual", Sizing.NONE, ServingThread.VIRTUAL,
            "Kotlin coroutines making blocking calls on a virtual-thread dispatcher"),
    )

    override fun runners(): List<RunnerBinding<*>> = listOf(
        RunnerBinding.of("coroutines", FanoutModel.FORM) { SuspendingFanout() },
        RunnerBinding.of("coroutines-io", Form.BLOCKING) { ioRunner },
        RunnerBinding.of("coroutines-io", FanoutModel.FORM) { BlockingCoroutineFanout { body -> body(Dispatchers.IO) } },
        RunnerBinding.of("coroutines-virtual", Form.BLOCKING) { virtualRunner },
        RunnerBinding.of("coroutines-virtual", FanoutModel.FORM) {
            BlockingCoroutineFanout { body -> Dispatching.withVirtualDispatcher(body) }
        },
    )

    companion object {
        /** Dispatchers.IO's default parallelism (kotlinx.coroutines.io.parallelism). */
        const val IO_THREADS = 64

        /** Each blocking task a coroutine on Dispatchers.IO. */
        private val ioRunner = BlockingRunner { task, clock -> Dispatching.runBlockingTasks(Dispatchers.IO, task, clock) }

        /** Each blocking task a coroutine on a dispatcher that runs every continuation on a new virtual thread. */
        private val virtualRunner = BlockingRunner { task, clock ->
            Dispatching.withVirtualDispatcher { dispatcher -> Dispatching.runBlockingTasks(dispatcher, task, clock) }
        }
    }
}
