package dev.loomlab.prof;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a virtual thread was blocked on, by the JFR event that recorded the wait (and, for a park, its stack). */
public enum BlockedOn {
    /** {@code jdk.ThreadSleep}. */
    SLEEP("sleep"),
    /** {@code jdk.SocketRead}. */
    SOCKET_READ("socket read"),
    /** {@code jdk.SocketWrite}. */
    SOCKET_WRITE("socket write"),
    /** {@code jdk.JavaMonitorEnter}: entering a contended {@code synchronized}. */
    LOCK("lock"),
    /** {@code jdk.JavaMonitorWait}. */
    OBJECT_WAIT("Object.wait"),
    /** {@code jdk.ThreadPark} whose stack goes through a connection pool or a semaphore's acquire ({@link Pool}). */
    POOL("pool acquisition"),
    /** Any other {@code jdk.ThreadPark}. */
    PARK("park (other)");

    private final String label;

    BlockedOn(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }
}
