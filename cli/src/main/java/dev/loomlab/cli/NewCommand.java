package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import javax.lang.model.SourceVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code loomlab new DIR [--package P] [--kotlin]}: writes a small Maven project with one example task
 * for {@code loomlab run task} into a new or empty folder, and prints the commands that build and
 * benchmark it.
 */
@Command(name = "new", mixinStandardHelpOptions = true,
        description = {"Write a Maven project with an example task for 'loomlab run task'.",
                "Its HttpTask calls a local HTTP endpoint; it needs no loomlab dependency."},
        footer = {"", "Example:", "  loomlab new my-bench --kotlin   # then: cd my-bench && ./mvnw -q package"})
final class NewCommand implements Callable<Integer> {
    static final String DEFAULT_PACKAGE = "com.example.bench";
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Kotlin's hard keywords: a package segment named so would need backquotes in every Kotlin file. */
    private static final Set<String> KOTLIN_KEYWORDS = Set.of("as", "break", "class", "continue", "do", "else", "false", "for",
            "fun", "if", "in", "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try",
            "typealias", "typeof", "val", "var", "when", "while");

    @Parameters(paramLabel = "DIR", converter = Converters.NonBlankConverter.class,
            description = "the project's folder: new, or empty")
    String dir;

    @Option(names = "--package", paramLabel = "P", defaultValue = DEFAULT_PACKAGE,
            description = "the task's Java package (default ${DEFAULT-VALUE})")
    String pkg;

    @Option(names = "--kotlin", description = "write the task in Kotlin (kotlin-maven-plugin) instead of Java")
    boolean kotlin;

    @Override
    public Integer call() {
        checkPackage(pkg, kotlin);
        Path folder = folder(dir);
        NewProject project = new NewProject(pkg, kotlin, launcher());
        Path createdFrom = firstMissing(folder);
        try {
            project.write(folder);
        } catch (IOException e) {
            undo(folder, createdFrom);
            throw new BadInputException("cannot write to " + dir + " (" + WriteFailure.reason(e) + ")");
        }
        System.out.println("loomlab new: a " + (kotlin ? "Kotlin" : "Java") + " project in " + folder + " with the task "
                + project.task() + " (README.md says more). Build it, then benchmark it:");
        System.out.println("  cd " + ResumeHint.quote(folder.toString()) + " && ./mvnw -q package");
        System.out.println("  " + project.benchmarkCommand());
        return 0;
    }

    /** Dot-separated identifiers, none a keyword of Java (or, with {@code --kotlin}, of Kotlin). */
    static void checkPackage(String name, boolean kotlin) {
        for (String segment : name.split("\\.", -1)) {
            if (!IDENTIFIER.matcher(segment).matches() || SourceVersion.isKeyword(segment)) {
                throw new BadInputException("--package: '" + name + "' is not a Java package name (identifiers "
                        + "of letters, digits and '_' separated by dots, e.g. " + DEFAULT_PACKAGE + ")");
            }
            if (kotlin && KOTLIN_KEYWORDS.contains(segment)) {
                throw new BadInputException("--package: '" + name + "' has '" + segment + "', a keyword of Kotlin (e.g. "
                        + DEFAULT_PACKAGE + ")");
            }
        }
    }

    private static Path folder(String dir) {
        Path folder;
        try {
            folder = Path.of(dir).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new BadInputException("'" + dir + "' is not a path (" + e.getReason() + ")");
        }
        if (Files.exists(folder) && !isEmptyFolder(folder)) {
            throw new BadInputException("'" + dir + "' exists and is not an empty folder: give a new one");
        }
        return folder;
    }

    private static boolean isEmptyFolder(Path folder) {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new BadInputException("cannot read " + folder + " (" + WriteFailure.reason(e) + ")");
        }
    }

    /** The outermost folder on the way to {@code folder} that does not exist yet, or null when it exists. */
    private static Path firstMissing(Path folder) {
        Path missing = null;
        for (Path p = folder; p != null && !Files.exists(p); p = p.getParent()) {
            missing = p;
        }
        return missing;
    }

    /** Removes what a failed write left: the folders it created, or what it wrote into the empty folder. */
    private static void undo(Path folder, Path createdFrom) {
        Path root = createdFrom != null ? createdFrom : folder;
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).filter(p -> createdFrom != null || !p.equals(folder))
                    .forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // best effort: the one-line message says the write failed either way
        }
    }

    /** The launcher the user ran, by its full path when the launcher says where loomlab lives. */
    private static String launcher() {
        String home = System.getProperty("loomlab.home");
        return home == null || home.isBlank() ? "loomlab" : ResumeHint.quote(Path.of(home).resolve("loomlab").toString());
    }
}
