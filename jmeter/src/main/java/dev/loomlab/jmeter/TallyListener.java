package dev.loomlab.jmeter;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

import java.io.Serial;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The plan's one listener, at its top so that it hears every sample, and counted in this JVM: locally JMeter's
 * threads call it; in a distributed run JMeter wraps it ({@link Remoteable}) so that each remote engine's
 * samples come back over RMI into this same object on the controller. {@link NoThreadClone}: one instance for
 * every thread. The tree is cloned for each remote engine with JMeter's own clone, which copies only
 * properties, so {@link #clone} hands the copy the same counts.
 */
public class TallyListener extends AbstractTestElement implements SampleListener, TestStateListener, NoThreadClone, Remoteable {
    @Serial
    private static final long serialVersionUID = 1L;

    private transient Tally tally;
    private transient CountDownLatch ended;
    private transient Set<String> endedHosts;
    private transient java.util.Map<String, Long> startedHosts;

    /** JMeter's clone needs it; a listener made so counts nothing until {@link #clone} of a real one. */
    public TallyListener() {
        setName("loomlab tally");
    }

    /** Counts into {@code tally}; the test has ended once {@code engines} engines said so. */
    TallyListener(Tally tally, int engines) {
        this();
        this.tally = tally;
        this.ended = new CountDownLatch(engines);
        this.endedHosts = ConcurrentHashMap.newKeySet();
        this.startedHosts = new ConcurrentHashMap<>();
    }

    @Override
    public Object clone() {
        TallyListener copy = (TallyListener) super.clone();
        copy.tally = tally;
        copy.ended = ended;
        copy.endedHosts = endedHosts;
        copy.startedHosts = startedHosts;
        return copy;
    }

    @Override
    public void sampleOccurred(SampleEvent e) {
        SampleResult r = e.getResult();
        boolean assertionFailed = false;
        for (AssertionResult a : r.getAssertionResults()) {
            assertionFailed |= a.isFailure() || a.isError();
        }
        tally.record(new Sample(r.getStartTime(), r.getEndTime(), r.getTime(), r.getConnectTime(), r.getResponseCode(),
                r.getResponseMessage(), assertionFailed, r.getResponseHeaders(), r.getThreadName()));
    }

    @Override
    public void sampleStarted(SampleEvent e) {
    }

    @Override
    public void sampleStopped(SampleEvent e) {
    }

    @Override
    public void testStarted() {
    }

    @Override
    public void testStarted(String host) {
        // a remote engine tells its start as it starts, over RMI: its schedule counts from about now
        startedHosts.putIfAbsent(host, System.currentTimeMillis());
    }

    /** When remote engine {@code host} said it started its test (this JVM's clock), or null before it did. */
    Long started(String host) {
        return startedHosts.get(host);
    }

    @Override
    public void testEnded() {
        ended.countDown();
    }

    @Override
    public void testEnded(String host) {
        // once per remote engine (a host said twice counts once)
        if (endedHosts.add(host)) {
            ended.countDown();
        }
    }

    /** Waits until every engine ended its test, at most {@code millis}; true when they all did. */
    boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(Math.max(0, millis), TimeUnit.MILLISECONDS);
    }

    boolean hasEnded() {
        return ended.getCount() == 0;
    }
}
