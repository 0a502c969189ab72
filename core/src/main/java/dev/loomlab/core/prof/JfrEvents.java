package dev.loomlab.core.prof;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JFR settings a {@code --prof jfr} recording uses on top of the JDK's {@code profile} configuration:
 * the events the virtual-thread view is read from. The recording side applies them and the reading side
 * relies on them, so both take them from here.
 */
public final class JfrEvents {
    /** Virtual threads started and ended (no stack: one of each per task, so they must be cheap). */
    public static final String VIRTUAL_THREAD_START = "jdk.VirtualThreadStart";
    public static final String VIRTUAL_THREAD_END = "jdk.VirtualThreadEnd";
    /** A virtual thread that blocked while pinned to its carrier, with the stack that pinned it. */
    public static final String VIRTUAL_THREAD_PINNED = "jdk.VirtualThreadPinned";
    /** A virtual thread the scheduler could not accept. */
    public static final String VIRTUAL_THREAD_SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";
    /** What a thread was blocked on, each with its duration and stack. */
    public static final String THREAD_SLEEP = "jdk.ThreadSleep";
    public static final String THREAD_PARK = "jdk.ThreadPark";
    public static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    public static final String MONITOR_WAIT = "jdk.JavaMonitorWait";
    public static final String SOCKET_READ = "jdk.SocketRead";
    public static final String SOCKET_WRITE = "jdk.SocketWrite";
    /** CPU samples of running Java threads. */
    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    /**
     * Blocking events shorter than this are not recorded: a 1M fan-out would otherwise write an event per
     * park, and the short ones add little to where the time went.
     */
    public static final String BLOCKING_THRESHOLD = "1 ms";
    /** Pinned events are kept from 0 ms: a pin is what the view exists to show. */
    public static final String PINNED_THRESHOLD = "0 ms";

    private JfrEvents() {
    }

    /** Setting name ({@code event#setting}) to value, layered over {@code profile}. */
    public static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(VIRTUAL_THREAD_START + "#enabled", "true");
        s.put(VIRTUAL_THREAD_START + "#stackTrace", "false");
        s.put(VIRTUAL_THREAD_END + "#enabled", "true");
        s.put(VIRTUAL_THREAD_END + "#stackTrace", "false");
        s.put(VIRTUAL_THREAD_PINNED + "#enabled", "true");
        s.put(VIRTUAL_THREAD_PINNED + "#stackTrace", "true");
        s.put(VIRTUAL_THREAD_PINNED + "#threshold", PINNED_THRESHOLD);
        s.put(VIRTUAL_THREAD_SUBMIT_FAILED + "#enabled", "true");
        for (String blocking : new String[]{THREAD_SLEEP, THREAD_PARK, MONITOR_ENTER, MONITOR_WAIT, SOCKET_READ, SOCKET_WRITE}) {
            s.put(blocking + "#enabled", "true");
            s.put(blocking + "#stackTrace", "true");
            s.put(blocking + "#threshold", BLOCKING_THRESHOLD);
        }
        return s;
    }
}
