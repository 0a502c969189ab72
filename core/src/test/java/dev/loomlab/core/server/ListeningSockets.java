package dev.loomlab.core.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP sockets a process listens on, as the Linux kernel states them: the socket inodes among its open
 * files ({@code /proc/PID/fd}) matched with the listening entries of {@code /proc/PID/net/tcp} and
 * {@code tcp6}. An IPv6 socket bound to an IPv4-mapped address reads as that IPv4 address.
 */
public final class ListeningSockets {
    /** The kernel's code for TCP_LISTEN in the {@code st} column. */
    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** Every address and port {@code pid} listens on (TCP). */
    public static List<InetSocketAddress> of(long pid) throws IOException {
        Set<String> inodes = socketInodes(pid);
        List<InetSocketAddress> listening = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
                String[] f = line.strip().split("\\s+");
                if (f[3].equals(LISTEN) && inodes.contains(f[9])) {
                    listening.add(address(f[1]));
                }
            }
        }
        return listening;
    }

    private static Set<String> socketInodes(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    continue; // closed since the listing
                }
                if (target.startsWith("socket:[")) {
                    inodes.add(target.substring("socket:[".length(), target.length() - 1));
                }
            }
        }
        return inodes;
    }

    /** {@code 0100007F:1F90}: the address in 32-bit words of host (little-endian) byte order, the port in hex. */
    private static InetSocketAddress address(String text) throws IOException {
        int colon = text.indexOf(':');
        String hex = text.substring(0, colon);
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = (word * 4 + (3 - b)) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return new InetSocketAddress(InetAddress.getByAddress(bytes), Integer.parseInt(text.substring(colon + 1), 16));
    }
}
