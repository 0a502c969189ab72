package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The CPU frequency governor. Anything but {@code performance} lets the clock follow the load, so a short
 * CPU-bound iteration runs partly at a lower frequency. Most VMs do not expose one: the host decides.
 */
final class GovernorCheck implements MachineCheck {
    static final String NAME = "governor";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        Map<String, Object> raw = new LinkedHashMap<>();
        if (facts.kernel().governors().isEmpty()) {
            raw.put("cpu_governors", null);
            return Check.of(NAME, CheckStatus.INFO, "CPU frequency governor " + Words.UNAVAILABLE,
                    "CPU-bound figures follow whatever clock this system gives", "", raw);
        }
        Map<String, Integer> governors = facts.kernel().governors().get();
        raw.put("cpu_governors", governors.isEmpty() ? null : governors);
        if (governors.isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, "CPU frequency governor not exposed (VM?)",
                    "the host decides the clock: CPU-bound figures can vary with the host's load", "", raw);
        }
        String finding = "CPU frequency governor: " + governors.entrySet().stream()
                .map(e -> e.getKey() + " on " + e.getValue() + (e.getValue() == 1 ? " CPU" : " CPUs")).collect(Collectors.joining(", "));
        if (governors.size() == 1 && governors.containsKey("performance")) {
            return Check.of(NAME, CheckStatus.OK, finding, "the clock stays high: CPU-bound figures do not wait for it", "", raw);
        }
        return Check.of(NAME, CheckStatus.WARN, finding, "the clock follows the load: short CPU-bound iterations (cpu-sqrt, cpu-pi,"
                        + " mixed, the JMH microbenchmarks) run partly at a lower frequency, and the warm-up matters more",
                "sudo cpupower frequency-set -g performance (or: echo performance | sudo tee"
                        + " /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)", raw);
    }
}
