package dev.loomlab.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Text resources that every jar on the class path may carry under the same name (core's, a module's, a
 * plugin's): loomlab's suites and articles are data read this way.
 */
public final class Resources {
    private Resources() {
    }

    /** The text of every resource called {@code name}, in class-path order. */
    public static List<String> texts(ClassLoader loader, String name) {
        List<String> out = new ArrayList<>();
        try {
            for (URL url : Collections.list(loader.getResources(name))) {
                try (InputStream in = url.openStream()) {
                    out.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from the class path", e);
        }
        return out;
    }

    /** The names listed, one a line, in every {@code index} resource ({@code #} comments and blank lines left out). */
    public static Set<String> index(ClassLoader loader, String index) {
        Set<String> names = new LinkedHashSet<>();
        for (String text : texts(loader, index)) {
            text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(names::add);
        }
        return names;
    }
}
