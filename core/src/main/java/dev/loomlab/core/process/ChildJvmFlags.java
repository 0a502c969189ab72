package dev.loomlab.core.process;

import java.util.ArrayList;
import java.util.List;

/**
 * HotSpot flags loomlab adds to every JVM it starts (trials, servers, load engines) when system property
 * {@value #PROPERTY} names them, white-space separated, and hands on to the JVMs those start in turn. Unset, it adds
 * nothing. loomlab's own test suite sets {@code -XX:TieredStopAtLevel=1}: its JVMs live a few seconds and are judged
 * on what they do, and on a machine whose cores the parallel test classes keep busy, compiling their code with C2
 * as well costs them about 40% more CPU. A result records these flags with its JVM's arguments.
 */
public final class ChildJvmFlags {
    /** System property: the flags, e.g. {@code -XX:TieredStopAtLevel=1}. */
    public static final String PROPERTY = "loomlab.child-jvm-flags";

    private ChildJvmFlags() {
    }

    /** The flags, then the property that hands them on; empty when {@value #PROPERTY} is unset or blank. */
    public static List<String> flags() {
        String value = System.getProperty(PROPERTY, "").strip();
        if (value.isEmpty()) {
            return List.of();
        }
        List<String> flags = new ArrayList<>(List.of(value.split("\\s+")));
        flags.add("-D" + PROPERTY + "=" + value);
        return flags;
    }
}
