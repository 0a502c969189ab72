package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineSpec;
import org.apache.jmeter.assertions.ResponseAssertion;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;

import java.net.URI;
import java.util.List;

/**
 * loomlab's load definition as a JMeter test plan, built with JMeter's Java API: one HTTP GET (HttpClient 4,
 * keep-alive, no redirects, the request timeout as JMeter's response timeout and at most 10 s to connect), the
 * expected body as a {@link ResponseAssertion} beside it, under either the closed model's thread groups
 * ({@link ThreadGroup}: a platform thread per user, looping until the test stops) or the open model's
 * {@link OpenModelThreadGroup} (a new thread per arrival), with loomlab's {@link TallyListener} at the top.
 */
final class Plans {
    private Plans() {
    }

    /** The closed model: {@code groups} (one per ramp step), each ending {@code totalSeconds} after the test started. */
    static HashTree closed(EngineSpec spec, List<PlanShape.Group> groups, long totalSeconds, TestElement listener) {
        ListedHashTree tree = new ListedHashTree();
        HashTree plan = tree.add(plan());
        int n = 0;
        for (PlanShape.Group g : groups) {
            LoopController loop = new LoopController();
            loop.setLoops(LoopController.INFINITE_LOOP_COUNT);
            loop.setContinueForever(false);
            ThreadGroup tg = new ThreadGroup();
            tg.setName("loomlab " + ++n);
            tg.setNumThreads(g.users());
            tg.setRampUp(0);
            tg.setSamplerController(loop);
            // The scheduler is a safety net (a remote engine whose controller died ends by itself): the run stops the
            // test at the end of its measured span.
            tg.setScheduler(true);
            tg.setDelay(g.delaySeconds());
            tg.setDuration(Math.max(1, totalSeconds - g.delaySeconds()));
            tg.setIsSameUserOnNextIteration(true);
            addRequest(plan.add(tg), spec);
        }
        plan.add(listener);
        return tree;
    }

    /** The open model: arrivals on {@code schedule}, random with {@code seed} (each engine its own). */
    static HashTree open(EngineSpec spec, String schedule, long seed, TestElement listener) {
        ListedHashTree tree = new ListedHashTree();
        HashTree plan = tree.add(plan());
        OpenModelThreadGroup tg = new OpenModelThreadGroup();
        tg.setName("loomlab open");
        tg.setScheduleString(schedule);
        tg.setRandomSeedString(Long.toString(seed));
        addRequest(plan.add(tg), spec);
        plan.add(listener);
        return tree;
    }

    /**
     * The requests {@code schedule} starts: JMeter's own parse of it, counted as its generator counts (for each
     * arrivals step, the mean of its begin and end rate × its duration, truncated).
     *
     * @throws IllegalArgumentException when JMeter cannot read the schedule
     */
    static long arrivals(String schedule) {
        ThreadSchedule parsed;
        try {
            parsed = ThreadScheduleUtils.ThreadSchedule(schedule);
        } catch (Exception e) {
            throw new IllegalArgumentException("JMeter cannot read the open model's schedule '" + schedule + "': " + e.getMessage(), e);
        }
        List<ThreadScheduleStep> steps = parsed.getSteps();
        long events = 0;
        double begin = 0;
        for (int i = 0; i < steps.size(); i++) {
            ThreadScheduleStep step = steps.get(i);
            if (step instanceof ThreadScheduleStep.RateStep rate) {
                begin = rate.getRate();
            } else if (step instanceof ThreadScheduleStep.ArrivalsStep arrivals) {
                double end = i + 1 < steps.size() && steps.get(i + 1) instanceof ThreadScheduleStep.RateStep next ? next.getRate() : begin;
                events += (int) ((begin + end) / 2 * arrivals.getDuration());
            }
        }
        return events;
    }

    private static TestPlan plan() {
        TestPlan plan = new TestPlan("loomlab");
        plan.setSerialized(false);
        plan.setFunctionalMode(false);
        return plan;
    }

    private static void addRequest(HashTree group, EngineSpec spec) {
        HashTree sampler = group.add(request(spec));
        if (spec.expectBody() != null) {
            ResponseAssertion body = new ResponseAssertion();
            body.setName("loomlab expected body");
            body.setTestFieldResponseData();
            body.setToEqualsType();
            body.addTestString(spec.expectBody());
            sampler.add(body);
        }
    }

    static HTTPSamplerProxy request(EngineSpec spec) {
        URI target = spec.target();
        HTTPSamplerProxy get = new HTTPSamplerProxy();
        get.setName("GET");
        get.setProtocol(target.getScheme());
        String host = target.getHost();
        get.setDomain(host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host);
        get.setPort(target.getPort() > 0 ? target.getPort() : 80);
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        get.setPath(target.getRawQuery() == null ? path : path + "?" + target.getRawQuery());
        get.setMethod("GET");
        get.setUseKeepAlive(true);
        get.setFollowRedirects(false);
        get.setAutoRedirects(false);
        get.setImplementation("HttpClient4");
        long timeoutMs = Math.max(1, Math.min(Integer.MAX_VALUE, spec.timeoutNanos() / 1_000_000));
        get.setConnectTimeout(Long.toString(Math.min(timeoutMs, 10_000)));
        get.setResponseTimeout(Long.toString(timeoutMs));
        return get;
    }
}
