package dev.loomlab.junit;

import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.pinning.PinningRecorder;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Optional;

/**
 * The JUnit 5 extension behind {@link NoPinning}: records {@code jdk.VirtualThreadPinned} with loomlab's
 * {@link PinningRecorder} around each test method, parameterized or repeated invocation and dynamic test,
 * and fails it with the pinned stacks when it pinned. Its rules come from the nearest {@link NoPinning}
 * (the method, its class, the enclosing classes); registered by itself
 * ({@code @ExtendWith(NoPinningExtension.class)}), every pin counts and none is allowed.
 *
 * <p>Only pins that began after the test started count: one that a thread left running by an earlier
 * test began before it and ended during it is that test's. A test that failed on its own keeps its own
 * failure, the pinning one added to it as suppressed.
 */
public final class NoPinningExtension implements InvocationInterceptor {

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext extensionContext) throws Throwable {
        watch(invocation, extensionContext);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext extensionContext) throws Throwable {
        watch(invocation, extensionContext);
    }

    @Override
    public void interceptDynamicTest(Invocation<Void> invocation, DynamicTestInvocationContext invocationContext,
                                     ExtensionContext extensionContext) throws Throwable {
        watch(invocation, extensionContext);
    }

    private static void watch(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        PinningRules rules = rules(context);
        if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
            throw new ExtensionConfigurationException("@NoPinning needs JFR, and this Java runtime has no jdk.jfr module");
        }
        try (PinningRecorder recorder = new PinningRecorder()) {
            try {
                recorder.start();
            } catch (IllegalStateException e) {
                throw new ExtensionConfigurationException("@NoPinning needs JFR, which is disabled in this JVM: " + e.getMessage(), e);
            }
            Instant started = recorder.startTime();
            Throwable failure = null;
            try {
                invocation.proceed();
            } catch (Throwable t) {
                failure = t;
            }
            PinnedEvents events = recorder.stop(e -> !e.getStartTime().isBefore(started)
                    && e.getDuration().toNanos() >= rules.thresholdNanos());
            Optional<AssertionError> pinned = PinningFailure.of(context.getDisplayName(), events, rules);
            if (failure != null) {
                pinned.ifPresent(failure::addSuppressed);
                throw failure;
            }
            if (pinned.isPresent()) {
                throw pinned.get();
            }
        }
    }

    /** The rules of the nearest {@link NoPinning}: on the test's method, its class, or a class around that. */
    static PinningRules rules(ExtensionContext context) {
        for (Optional<ExtensionContext> c = Optional.of(context); c.isPresent(); c = c.get().getParent()) {
            Optional<NoPinning> annotation = AnnotationSupport.findAnnotation(c.get().getElement(), NoPinning.class);
            if (annotation.isPresent()) {
                return PinningRules.of(annotation.get());
            }
        }
        return PinningRules.DEFAULT;
    }
}
