package dev.loomlab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Maven project {@code loomlab new} writes: the templates under {@code dev/loomlab/cli/new/} with the
 * package and names filled in, the example task {@code HttpTask} in Java or Kotlin, and loomlab's own
 * Maven wrapper (copied there by the build).
 *
 * @param pkg      the task's package, already checked
 * @param kotlin   Kotlin sources and the kotlin-maven-plugin instead of Java
 * @param launcher the {@code loomlab} command the README and the hint show
 */
record NewProject(String pkg, boolean kotlin, String launcher) {
    private static final String TEMPLATES = "/dev/loomlab/cli/new/";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");

    /** One file of the project: the resource it comes from, where it goes, and whether it is a template to fill. */
    private record Part(String resource, String path, boolean filled, boolean executable) {
        static Part template(String resource, String path) {
            return new Part(resource, path, true, false);
        }

        /** A file of the wrapper, copied byte for byte. */
        static Part copy(String resource, String path, boolean executable) {
            return new Part(resource, path, false, executable);
        }
    }

    /** The fully qualified name of the example task. */
    String task() {
        return pkg + ".HttpTask";
    }

    /** {@code --classpath} as the benchmark command gives it: the classes, and kotlin-stdlib for Kotlin. */
    String classpath() {
        return kotlin ? "\"target/classes:$(cat target/classpath.txt)\"" : "target/classes";
    }

    /** The command that benchmarks the example, run in the project's folder. */
    String benchmarkCommand() {
        return launcher + " run task --classpath " + classpath() + " --task " + task() + " -m platform:10,virtual -p tasks=2000";
    }

    /**
     * Writes the project into {@code dir}, which must be empty or absent, and returns the files written.
     * Never overwrites a file.
     */
    List<Path> write(Path dir) throws IOException {
        String artifactId = artifactId(dir);
        String packagePath = pkg.replace('.', '/');
        String language = kotlin ? "kotlin" : "java";
        String ext = kotlin ? "kt" : "java";
        String source = "src/main/" + language + "/" + packagePath + "/HttpTask." + ext;
        String test = "src/test/" + language + "/" + packagePath + "/HttpTaskTest." + ext;
        Map<String, String> values = Map.of(
                "package", pkg,
                "artifactId", artifactId,
                "language", kotlin ? "Kotlin" : "Java",
                "source", source,
                "test", test,
                "classpath", classpath(),
                "loomlab", launcher,
                "dependencyNote", kotlin
                        ? "kotlin-stdlib is one already, which is why the command under Benchmark is this one."
                        : "While the project has none, as now, `--classpath target/classes` is enough.");
        List<Part> parts = List.of(
                Part.template(language + "/pom.xml.tmpl", "pom.xml"),
                Part.template("README.md.tmpl", "README.md"),
                Part.template("gitignore.tmpl", ".gitignore"),
                Part.template(language + "/HttpTask." + ext + ".tmpl", source),
                Part.template(language + "/HttpTaskTest." + ext + ".tmpl", test),
                Part.copy("wrapper/mvnw", "mvnw", true),
                Part.copy("wrapper/mvnw.cmd", "mvnw.cmd", false),
                Part.copy("wrapper/.mvn/wrapper/maven-wrapper.properties", ".mvn/wrapper/maven-wrapper.properties", false));
        List<Path> written = new ArrayList<>();
        for (Part part : parts) {
            Path file = dir.resolve(part.path());
            byte[] bytes = resource(part.resource());
            if (part.filled()) {
                bytes = fill(new String(bytes, StandardCharsets.UTF_8), values).getBytes(StandardCharsets.UTF_8);
            }
            Files.createDirectories(file.getParent());
            Files.write(file, bytes, StandardOpenOption.CREATE_NEW);
            if (part.executable() && !file.toFile().setExecutable(true, false)) {
                throw new IOException("cannot make " + file + " executable");
            }
            written.add(file);
        }
        return written;
    }

    /** The folder's name as a Maven artifactId: lower case, other characters as '-'; {@code bench} if none is left. */
    static String artifactId(Path dir) {
        Path name = dir.toAbsolutePath().normalize().getFileName();
        String id = (name == null ? "" : name.toString()).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-").replaceAll("^[-.]+|[-.]+$", "");
        return id.isEmpty() ? "bench" : id;
    }

    /** {@code {{name}}} replaced by its value; a name with no value is a template's bug. */
    static String fill(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("template placeholder {{" + m.group(1) + "}} has no value");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        return m.appendTail(sb).toString();
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = NewProject.class.getResourceAsStream(TEMPLATES + name)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATES + name + " is missing from the build");
            }
            return in.readAllBytes();
        }
    }
}
