package dev.loomlab.cli.doctor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Ephemeral ports and loopback source addresses against the connections the plan opens to one server address and
 * port. Each connection from one source address to one destination takes a port of
 * {@code net.ipv4.ip_local_port_range}; echo spreads its clients over 127.0.0.1, .2, … (20,000 each) so that a
 * range of about 28,000 holds 100,000 connections, and web and http-get connect from 127.0.0.1 alone.
 */
final class PortsCheck implements MachineCheck {
    static final String NAME = "ports";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        NetFacts net = facts.net();
        Needs.Need perSource = needs.portsPerSource();
        Needs.Need sources = needs.loopbackSources();
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("ip_local_port_range", net.json().get("ip_local_port_range"));
        raw.put("loopback_sources", net.loopbackSources());
        raw.put("ports_needed_per_source", perSource.amount());
        raw.put("loopback_sources_needed", sources.amount());
        OptionalLong ports = net.ports();
        String addresses = net.loopbackSources() >= NetFacts.PROBED ? "127.0.0.1 … 127.0.0." + NetFacts.PROBED + " bind"
                : net.loopbackSources() == 0 ? "127.0.0.1 does not bind"
                : "127.0.0.1 … 127.0.0." + net.loopbackSources() + " bind, 127.0.0." + (net.loopbackSources() + 1) + " does not";
        String finding = (ports.isPresent() ? "ephemeral ports " + net.portLow().getAsLong() + "–" + net.portHigh().getAsLong()
                + " (" + Words.count(ports.getAsLong()) + " a source address)" : "ephemeral port range " + Words.UNAVAILABLE)
                + "; loopback sources: " + addresses;
        List<String> problems = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        if (ports.isPresent() && perSource.amount() > ports.getAsLong()) {
            problems.add(perSource.result() + ": " + perSource.why() + "; one source address has only " + Words.count(ports.getAsLong())
                    + " ports, so connects beyond them fail ('Cannot assign requested address') and count as errors");
            fixes.add("sudo sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\" (to keep it: a file in /etc/sysctl.d/)");
        }
        if (sources.amount() > net.loopbackSources()) {
            problems.add(sources.result() + ": " + sources.why() + "; 127.0.0." + (net.loopbackSources() + 1)
                    + " cannot be bound here, so the clients from it fail to connect");
            fixes.add("make 127.0.0.2 … 127.0.0." + sources.amount() + " local: on macOS 'sudo ifconfig lo0 alias 127.0.0.N up' for"
                    + " each; on Linux all of 127.0.0.0/8 is, unless lo was changed (ip addr show lo)");
        }
        if (!problems.isEmpty()) {
            return Check.of(NAME, CheckStatus.FAIL, finding, String.join("; ", problems), String.join("; ", fixes), raw);
        }
        if (perSource.amount() == 0) {
            return Check.of(NAME, CheckStatus.OK, finding, "no result of this plan opens many connections", "", raw);
        }
        if (ports.isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, finding, perSource.result() + " needs " + Words.count(perSource.amount())
                    + " ports from one source address; whether the range holds them cannot be read here", "", raw);
        }
        return Check.of(NAME, CheckStatus.OK, finding, perSource.result() + ": " + perSource.why() + "; the range holds them", "", raw);
    }
}
