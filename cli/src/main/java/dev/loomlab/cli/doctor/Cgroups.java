package dev.loomlab.cli.doctor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where this process's cgroup keeps a controller's files, read from {@code /proc/self/cgroup}: the folders from
 * its own cgroup up to the hierarchy's root, the tightest limit on the way being the one that holds. cgroup v2
 * ({@code /sys/fs/cgroup} with {@code cgroup.controllers}) first, then v1 ({@code /sys/fs/cgroup/<controller>}).
 * In a container the path {@code /proc/self/cgroup} names may not exist under the mount (the container sees
 * its own cgroup as the root): then the mount's root is the process's cgroup.
 */
final class Cgroups {
    private static final String MOUNT = "/sys/fs/cgroup";

    private Cgroups() {
    }

    /** A cgroup file found: its text's first line and where it was. */
    record Found(String text, Path file) {
    }

    /** The v2 file {@code name} (e.g. {@code cpu.max}) at each level from this process's cgroup up, or none on v1. */
    static List<Found> v2(Path root, String name) {
        Path mount = SmallFiles.under(root, MOUNT);
        if (!Files.isRegularFile(mount.resolve("cgroup.controllers"))) {
            return List.of();
        }
        return read(levels(mount, ownPath(root)), name);
    }

    /**
     * The v1 file {@code name} (e.g. {@code cpu.cfs_quota_us}) of {@code controller} at each level from this
     * process's cgroup up.
     */
    static List<Found> v1(Path root, String controller, String name) {
        Optional<String[]> line = v1Line(root, controller);
        Set<Path> mounts = new LinkedHashSet<>();
        line.ifPresent(l -> mounts.add(SmallFiles.under(root, MOUNT + "/" + l[1])));
        mounts.add(SmallFiles.under(root, MOUNT + "/" + controller));
        for (Path mount : mounts) {
            if (Files.isDirectory(mount)) {
                return read(levels(mount, line.map(l -> l[2]).orElse("/")), name);
            }
        }
        return List.of();
    }

    /** The v2 line's path ({@code 0::/path}), or "/" without one. */
    private static String ownPath(Path root) {
        for (String line : SmallFiles.lines(SmallFiles.under(root, "/proc/self/cgroup"))) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && parts[0].equals("0") && parts[1].isEmpty()) {
                return parts[2];
            }
        }
        return "/";
    }

    /** The v1 line naming {@code controller} among its controllers, as {id, controllers, path}. */
    private static Optional<String[]> v1Line(Path root, String controller) {
        for (String line : SmallFiles.lines(SmallFiles.under(root, "/proc/self/cgroup"))) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && List.of(parts[1].split(",")).contains(controller)) {
                return Optional.of(parts);
            }
        }
        return Optional.empty();
    }

    /** {@code mount/path}, its parents up to {@code mount}, and {@code mount} itself, those that exist. */
    private static List<Path> levels(Path mount, String path) {
        List<Path> out = new ArrayList<>();
        Path dir = mount.resolve(path.startsWith("/") ? path.substring(1) : path).normalize();
        if (!dir.startsWith(mount)) {
            dir = mount;
        }
        for (Path d = dir; d != null && d.startsWith(mount); d = d.getParent()) {
            if (Files.isDirectory(d)) {
                out.add(d);
            }
        }
        if (out.isEmpty()) {
            out.add(mount);
        }
        return out;
    }

    private static List<Found> read(List<Path> dirs, String name) {
        List<Found> out = new ArrayList<>();
        for (Path d : dirs) {
            Path file = d.resolve(name);
            SmallFiles.firstLine(file).ifPresent(text -> out.add(new Found(text, file)));
        }
        return out;
    }
}
