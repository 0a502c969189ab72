package dev.loomlab.kotlin

import dev.loomlab.core.fanout.FanoutModel
import dev.loomlab.core.fanout.SimulatedUserService
import dev.loomlab.core.fanout.SimulatedUserService.NOTIFICATIONS
import dev.loomlab.core.fanout.SimulatedUserService.NOTIFICATIONS_OF_ANY
import dev.loomlab.core.fanout.SimulatedUserService.ORDERS
import dev.loomlab.core.fanout.SimulatedUserService.ORDERS_OF_ANY
import dev.loomlab.core.fanout.SimulatedUserService.PREFERENCES
import dev.loomlab.core.fanout.SimulatedUserService.PREFERENCES_OF_ANY
import dev.loomlab.core.fanout.SimulatedUserService.USER
import dev.loomlab.core.fanout.User
import dev.loomlab.core.fanout.UserProfile
import dev.loomlab.core.fanout.UserService
import dev.loomlab.core.model.TaskClock
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking

/** Launches one coroutine per profile on [dispatcher] and records each build's outcome in [clock]. */
private fun buildEach(
    dispatcher: CoroutineDispatcher, built: Array<UserProfile?>, clock: TaskClock, build: suspend (Int) -> UserProfile,
) = runBlocking {
    for (i in 0 until clock.tasks()) {
        clock.submitted(i)
        launch(dispatcher) {
            try {
                built[i] = build(i + 1)
                clock.complete(i, null)
            } catch (e: CancellationException) {
                throw e
            } catch (e: Throwable) {
                // A failed profile is counted, as the article's runner logs and skips it.
                clock.complete(i, e)
            }
        }
    }
}

/**
 * `coroutines`: article 001's Kotlin code — `coroutineScope { async … await }` with each call a
 * `delay(latency)` on Dispatchers.Default; no thread waits for a call.
 */
internal class SuspendingFanout : FanoutModel {
    override fun buildAll(service: SimulatedUserService, built: Array<UserProfile?>, clock: TaskClock) =
        buildEach(Dispatchers.Default, built, clock) { id -> build(service, id) }

    private suspend fun build(service: SimulatedUserService, id: Int): UserProfile = coroutineScope {
        val user = call(service, id, USER) { User(id, "User-$id") }
        val orders = async { call(service, user.id, ORDERS) { ORDERS_OF_ANY } }
        val prefs = async { call(service, user.id, PREFERENCES) { PREFERENCES_OF_ANY } }
        val notifications = async { call(service, user.id, NOTIFICATIONS) { NOTIFICATIONS_OF_ANY } }
        UserProfile(user, orders.await(), prefs.await(), notifications.await())
    }

    private suspend fun <T> call(service: SimulatedUserService, id: Int, call: Int, value: () -> T): T {
        delay(service.latency().toMillis())
        service.finish(id, call)
        return value()
    }
}

/**
 * `coroutines-io` and `coroutines-virtual`: the same `coroutineScope { async … await }`, but the calls
 * are the blocking service's `Thread.sleep` — on Dispatchers.IO (the common mistake: 64 threads) or on
 * a dispatcher of virtual threads.
 */
internal class BlockingCoroutineFanout(
    private val dispatchers: ((CoroutineDispatcher) -> Unit) -> Unit,
) : FanoutModel {
    override fun buildAll(service: SimulatedUserService, built: Array<UserProfile?>, clock: TaskClock) = dispatchers { dispatcher ->
        buildEach(dispatcher, built, clock) { id -> build(service, dispatcher, id) }
    }

    private suspend fun build(service: UserService, dispatcher: CoroutineDispatcher, id: Int): UserProfile = coroutineScope {
        val user = service.fetchUser(id)
        val orders = async(dispatcher) { service.fetchOrders(user.id) }
        val prefs = async(dispatcher) { service.fetchPreferences(user.id) }
        val notifications = async(dispatcher) { service.fetchNotifications(user.id) }
        UserProfile(user, orders.await(), prefs.await(), notifications.await())
    }
}
