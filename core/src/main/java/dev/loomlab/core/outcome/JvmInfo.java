package dev.loomlab.core.outcome;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The JVM a trial ran on, as results report it.
 *
 * @param version {@code java.runtime.version}, e.g. {@code 25.0.3+9-LTS}
 * @param args the JVM's input arguments (flags), as the JVM saw them
 */
public record JvmInfo(String version, String vendor, String home, List<String> args) {

    /** This JVM. */
    public static JvmInfo current() {
        return new JvmInfo(JavaVersion.current().text(), System.getProperty("java.vendor"), System.getProperty("java.home"),
                List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }
}
