package dev.loomlab.load.jmeter;

import dev.loomlab.core.BadInputException;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The remote JMeter engines a distributed run uses ({@code load --remote host:port,…}) and how the controller
 * reaches them over RMI: plain RMI on this machine's loopback by default; to another machine only over SSL with a
 * keystore ({@code --rmi-keystore}, the engines' own) or, on a closed lab network, plain with {@code --rmi-insecure}.
 * The engines call the controller back (each sample comes back over RMI) on {@link #callbackHost} — loopback, or
 * this machine's address on the route to the first remote engine — and {@link #callbackPort} (0: any free one).
 *
 * @param addresses    {@code host:port} of each engine's RMI registry, as given
 * @param keystore     RMI over SSL with this keystore (also the truststore), or null for plain RMI
 * @param callbackHost the address of this machine the engines call back to
 * @param callbackPort the port the controller's callback listens on; 0 = any free one
 */
public record RemoteEngines(List<String> addresses, Path keystore, String callbackHost, int callbackPort) {
    public RemoteEngines {
        addresses = List.copyOf(addresses);
    }

    /** No remote engines: the load runs in a JMeter engine on this machine. */
    public static final RemoteEngines NONE = new RemoteEngines(List.of(), null, null, 0);

    public boolean isEmpty() {
        return addresses.isEmpty();
    }

    /**
     * Parses {@code --remote}'s list with the RMI options and checks them, before anything starts.
     *
     * @param list     {@code host:port,host:port}: host a name or an IPv4 address, port of the engine's RMI registry
     * @param keystore {@code --rmi-keystore}, or null
     * @param insecure {@code --rmi-insecure}: plain RMI to another machine (a closed lab network only)
     * @param port     {@code --rmi-port}: the controller's callback port, or 0
     * @throws BadInputException naming what is wrong
     */
    public static RemoteEngines parse(String list, Path keystore, boolean insecure, int port) {
        Set<String> addresses = new LinkedHashSet<>();
        List<InetAddress> hosts = new ArrayList<>();
        for (String raw : list.split(",", -1)) {
            String address = raw.strip();
            int colon = address.lastIndexOf(':');
            if (address.isEmpty() || colon <= 0 || colon == address.length() - 1 || address.indexOf(':') != colon) {
                throw new BadInputException("--remote: '" + address + "' is not HOST:PORT (e.g. 127.0.0.1:4000; a host name or an"
                        + " IPv4 address)");
            }
            String host = address.substring(0, colon);
            int registry;
            try {
                registry = Integer.parseInt(address.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new BadInputException("--remote: '" + address + "': '" + address.substring(colon + 1) + "' is not a port number");
            }
            if (registry < 1 || registry > 65_535) {
                throw new BadInputException("--remote: '" + address + "': port " + registry + " is not 1 to 65535");
            }
            try {
                hosts.add(InetAddress.getByName(host));
            } catch (UnknownHostException e) {
                throw new BadInputException("--remote: unknown host '" + host + "'");
            }
            if (!addresses.add(address)) {
                throw new BadInputException("--remote: " + address + " is named twice");
            }
        }
        Path keys = keystore(keystore, insecure);
        if (port < 0 || port > 65_535 || port == 1 || port == 2) {
            // JMeter takes the listener's port as a base 2 below it, and a base of 0 as any free port
            throw new BadInputException("--rmi-port " + port + " is not in 3..65535 (0: any free port)");
        }
        if (keys != null && port != 0 && addresses.size() > 1) {
            // JMeter exports one sample listener per engine; over SSL the second cannot share a fixed port, and its
            // engine's samples would be lost.
            throw new BadInputException("--rmi-port with --rmi-keystore takes one remote engine: over SSL JMeter cannot share a"
                    + " fixed callback port between engines (leave --rmi-port out: any free port)");
        }
        InetAddress elsewhere = hosts.stream().filter(h -> !h.isLoopbackAddress()).findFirst().orElse(null);
        if (elsewhere != null && keys == null && !insecure) {
            throw new BadInputException("--remote: " + elsewhere.getHostAddress() + " is not on loopback: RMI over the network needs"
                    + " --rmi-keystore FILE (RMI over SSL, as JMeter recommends) or --rmi-insecure (plain RMI, a closed lab network only)");
        }
        String callback = elsewhere == null ? "127.0.0.1" : routeTo(elsewhere);
        return new RemoteEngines(List.copyOf(addresses), keys, callback, port);
    }

    /** This machine's address on the route to {@code remote} (no packet is sent). */
    private static String routeTo(InetAddress remote) {
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(new InetSocketAddress(remote, 9));
            InetAddress local = s.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new BadInputException("--remote: no route from this machine to " + remote.getHostAddress());
            }
            return local.getHostAddress();
        } catch (IOException e) {
            throw new BadInputException("--remote: no route from this machine to " + remote.getHostAddress() + ": " + e.getMessage());
        }
    }

    /**
     * Checks the RMI security options a controller and an agent share: {@code --rmi-keystore} and
     * {@code --rmi-insecure} exclude each other, and the keystore must be readable. Returns its absolute path, or null
     * for plain RMI.
     */
    public static Path keystore(Path keystore, boolean insecure) {
        if (keystore != null && insecure) {
            throw new BadInputException("--rmi-keystore and --rmi-insecure exclude each other: RMI over SSL, or plain RMI");
        }
        if (keystore != null && !Files.isReadable(keystore)) {
            throw new BadInputException("--rmi-keystore: " + keystore + " is not a readable file");
        }
        return keystore == null ? null : keystore.toAbsolutePath();
    }
}
