package dev.loomlab.core.task;

import dev.loomlab.core.BadInputException;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A user's class path, as {@code java -cp} reads it: entries separated by {@link File#pathSeparator},
 * each a folder of classes, a jar, or {@code DIR/*} for every jar in DIR.
 */
final class TaskClassPath {
    private TaskClassPath() {
    }

    /**
     * The entries as URLs, in order.
     *
     * @throws BadInputException naming an entry that does not exist
     */
    static URL[] urls(String classPath) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            if (entry.endsWith("*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1)).toAbsolutePath();
                if (!Files.isDirectory(dir)) {
                    throw new BadInputException("--classpath: " + entry + ": " + dir + " is not a folder");
                }
                try (Stream<Path> jars = Files.list(dir)) {
                    for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                        urls.add(url(jar));
                    }
                } catch (IOException e) {
                    throw new BadInputException("--classpath: cannot list " + dir + " (" + e.getMessage() + ")");
                }
            } else {
                Path path = Path.of(entry).toAbsolutePath();
                if (!Files.exists(path)) {
                    throw new BadInputException("--classpath: " + entry + " does not exist");
                }
                urls.add(url(path));
            }
        }
        return urls.toArray(URL[]::new);
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new BadInputException("--classpath: " + path + " is not a usable path");
        }
    }
}
