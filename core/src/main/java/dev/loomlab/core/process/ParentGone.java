package dev.loomlab.core.process;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * How a trial or server JVM ends when the loomlab process that started it is gone: at once, by a SIGKILL
 * sent to itself. A JVM's own exit — even {@link Runtime#halt} — first writes its class-data sharing
 * archive when it is the first of its kind, which takes seconds for a server with a framework's classes;
 * an orphan must not linger that long. Where no {@code kill} command exists, it halts.
 */
public final class ParentGone {
    private ParentGone() {
    }

    /** Ends this JVM now; {@code status} is the exit code of the fallback halt. */
    public static void exit(int status) {
        String self = Long.toString(ProcessHandle.current().pid());
        try {
            Process kill = new ProcessBuilder("kill", "-KILL", self).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // no kill command: halt below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Runtime.getRuntime().halt(status);
    }
}
