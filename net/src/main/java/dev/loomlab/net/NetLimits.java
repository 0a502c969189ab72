package dev.loomlab.net;

import dev.loomlab.core.scenario.MachineNeeds;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The socket settings and process limits the network scenarios share. */
final class NetLimits {
    /** Accept backlog asked of every server; Linux caps it at net.core.somaxconn. */
    static final int BACKLOG = 65_535;
    /** Network load goes to loopback only. */
    static final InetAddress LOOPBACK = address(127, 0, 0, 1);
    /** Sockets a trial keeps for itself (class path, logs, the server's pipes) beyond its connections. */
    static final int FD_MARGIN = MachineNeeds.OPEN_FILES_BESIDE_SOCKETS;

    private NetLimits() {
    }

    static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[]{(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** This process's soft limit on open files, or -1 where /proc/self/limits is missing. */
    static long openFileLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /**
     * Fails with one line when this process may not open {@code sockets} more files.
     *
     * @throws IllegalStateException naming the limit and how to raise it
     */
    static void requireOpenFiles(long sockets, String what) {
        long limit = openFileLimit();
        if (limit >= 0 && sockets + FD_MARGIN > limit) {
            throw new IllegalStateException(what + " needs about " + (sockets + FD_MARGIN) + " open files, but the limit is "
                    + limit + ": raise it (ulimit -n; the loomlab launcher raises it as far as it may) or ask for fewer");
        }
    }
}
