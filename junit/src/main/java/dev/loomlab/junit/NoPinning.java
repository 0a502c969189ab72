package dev.loomlab.junit;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fails a test whose code pinned a virtual thread to its carrier: JFR's {@code jdk.VirtualThreadPinned}
 * events, recorded while the test method runs (not its before/after methods), each pinned stack printed
 * with the test's own frames first. On a method, that test; on a class, each of its tests and of its
 * nested classes' (a method's own annotation wins over its class's).
 *
 * <p>When JUnit runs tests in parallel, a test with this annotation runs alone (a global read-write
 * resource lock): a pinned event belongs to the JVM, not to a test, so another test's pin running at the
 * same time would be blamed on this one. {@code @ExtendWith(NoPinningExtension.class)} records with the
 * defaults and without that lock.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(NoPinningExtension.class)
@ResourceLock(value = Resources.GLOBAL, mode = ResourceAccessMode.READ_WRITE)
public @interface NoPinning {

    /**
     * Pins shorter than this are tolerated: a duration with its unit ({@code ns}, {@code us}, {@code ms},
     * {@code s}, {@code m}, {@code h}), e.g. {@code "20ms"}, JFR's own default for this event. Default
     * {@code "0ms"}: every pin fails the test, however short (a test's stand-in for I/O usually is short).
     */
    String threshold() default "0ms";

    /**
     * Frames whose pins are tolerated: a pinned stack with a frame that one of these names does not fail
     * the test. Each is a package ({@code "com.acme.legacy"}), a class ({@code "com.acme.Db"}, which takes
     * its nested classes in) or a method ({@code "com.acme.Db.query"}), matched whole at {@code .},
     * {@code $} or {@code :} (so {@code "com.acme.Db"} does not name {@code com.acme.DbPool}).
     */
    String[] allow() default {};
}
