package dev.loomlab.cli.doctor;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.IntPredicate;

/**
 * The kernel's network settings loomlab's socket scenarios meet: the ephemeral port range
 * ({@code net.ipv4.ip_local_port_range}), the accept backlog's cap ({@code net.core.somaxconn}), and how many
 * loopback addresses a client can bind as its source (127.0.0.1, .2, … — Linux routes all of 127.0.0.0/8 to
 * {@code lo}; macOS only the aliases it was given).
 *
 * @param loopbackSources how many of 127.0.0.1 … 127.0.0.{@value #PROBED} bind, counted from .1 up to the first
 *                        that does not
 */
public record NetFacts(OptionalLong portLow, OptionalLong portHigh, OptionalLong somaxconn, int loopbackSources) {
    /** Loopback addresses tried: more than echo's largest count (1,000,000 connections at 20,000 a source: 50). */
    static final int PROBED = 254;

    /** This machine's facts under {@code root}, {@code bindable} saying whether 127.0.0.N can be a source. */
    public static NetFacts read(Path root, IntPredicate bindable) {
        List<String> range = SmallFiles.firstLine(SmallFiles.under(root, "/proc/sys/net/ipv4/ip_local_port_range"))
                .map(l -> List.of(l.split("\\s+"))).orElse(List.of());
        OptionalLong low = range.size() == 2 ? SmallFiles.parse(range.get(0)) : OptionalLong.empty();
        OptionalLong high = range.size() == 2 ? SmallFiles.parse(range.get(1)) : OptionalLong.empty();
        int sources = 0;
        while (sources < PROBED && bindable.test(sources + 1)) {
            sources++;
        }
        return new NetFacts(low, high, SmallFiles.number(SmallFiles.under(root, "/proc/sys/net/core/somaxconn")), sources);
    }

    /** Whether a client socket here can bind 127.0.0.{@code n} as its source (binds port 0, then closes). */
    static boolean bindsLoopback(int n) {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[]{127, 0, 0, (byte) n}), 0));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Ephemeral ports a source address has to connect to one server address and port; empty when unknown. */
    public OptionalLong ports() {
        return portLow.isPresent() && portHigh.isPresent() ? OptionalLong.of(portHigh.getAsLong() - portLow.getAsLong() + 1)
                : OptionalLong.empty();
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ip_local_port_range", portLow.isPresent() && portHigh.isPresent()
                ? List.of(portLow.getAsLong(), portHigh.getAsLong()) : null);
        m.put("somaxconn", OpenFileFacts.value(somaxconn));
        m.put("loopback_sources", loopbackSources);
        return m;
    }
}
