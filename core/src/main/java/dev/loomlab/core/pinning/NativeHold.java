package dev.loomlab.core.pinning;

import dev.loomlab.core.Plugins;
import dev.loomlab.core.workload.NotApplicableException;

import java.time.Duration;
import java.util.List;

/** {@code lock=native}: sleeps inside a native frame made by the first {@link NativeFrame} this JVM can load. */
final class NativeHold implements LockedHold {
    private final NativeFrame frame;
    private final Duration hold;

    NativeHold(Duration hold) {
        List<NativeFrame> frames = Plugins.load(NativeFrame.class);
        if (frames.isEmpty()) {
            throw new NotApplicableException("lock=native needs a native frame that calls back into Java; loomlab makes it "
                    + "with the Foreign Function API (final from Java 22), which Java "
                    + System.getProperty("java.version") + " does not have");
        }
        this.frame = frames.get(0);
        this.hold = hold;
    }

    @Override
    public void hold(int task) throws InterruptedException {
        frame.call(() -> Thread.sleep(hold));
    }
}
