package dev.loomlab.load.service;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * This machine's TCP sockets as Linux lists them ({@code /proc/net/tcp} and {@code tcp6}): how many
 * connections a server's port holds open, and which process listens on a port. Where {@code /proc} is
 * missing the answers say so (-1, empty) rather than guess.
 */
public final class TcpSockets {
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final String ESTABLISHED = "01";
    private static final String LISTEN = "0A";

    private TcpSockets() {
    }

    /** Established connections whose local end is {@code port} (a server's side of them); -1 without {@code /proc}. */
    public static long established(int port) {
        long n = 0;
        boolean read = false;
        for (Path table : TABLES) {
            try (Stream<String> lines = Files.lines(table)) {
                read = true;
                n += lines.skip(1).filter(l -> matches(l.strip().split("\\s+"), port, ESTABLISHED)).count();
            } catch (IOException | RuntimeException e) {
                // no such table (no IPv6, not Linux)
            }
        }
        return read ? n : -1;
    }

    /** The process listening on {@code port} of this machine, when {@code /proc} tells (and may be read). */
    public static OptionalLong listener(int port) {
        String inode = null;
        for (Path table : TABLES) {
            try (Stream<String> lines = Files.lines(table)) {
                inode = lines.skip(1).map(l -> l.strip().split("\\s+")).filter(w -> matches(w, port, LISTEN))
                        .map(w -> w[9]).findFirst().orElse(null);
            } catch (IOException | RuntimeException e) {
                continue;
            }
            if (inode != null) {
                break;
            }
        }
        if (inode == null) {
            return OptionalLong.empty();
        }
        String socket = "socket:[" + inode + "]";
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path proc : procs) {
                if (holds(proc.resolve("fd"), socket)) {
                    return OptionalLong.of(Long.parseLong(proc.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            // no /proc
        }
        return OptionalLong.empty();
    }

    private static boolean holds(Path fds, String socket) {
        try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
            for (Path fd : links) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(socket)) {
                        return true;
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException e) {
            // gone, or not ours to read
        }
        return false;
    }

    /** Whether a table row's words say a socket on local {@code port} in {@code state}. */
    private static boolean matches(String[] w, int port, String state) {
        if (w.length < 10 || !w[3].equals(state)) {
            return false;
        }
        int colon = w[1].lastIndexOf(':');
        return colon > 0 && Integer.parseInt(w[1].substring(colon + 1), 16) == port;
    }
}
