package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.trial.Jdk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A command line that runs a Java program, resolved to the JDK that will run it: {@code java [options]
 * MAIN [args]} (also {@code -jar JAR}, {@code -m MODULE}, a source file), a {@code .jar} file with its
 * arguments, or JVM options followed by a main class ({@code -cp app.jar com.example.Main}). A bare
 * {@code java} and the last two forms run on {@code defaultJdk}; a path to a {@code java} runs that one.
 *
 * @param jvmOptions the user's JVM options, before the program
 * @param program what the launcher runs and its arguments ({@code Main a b}, {@code -jar app.jar a} …);
 *                empty when an {@code @argfile} names it
 */
record JavaProgram(Jdk jdk, List<String> jvmOptions, List<String> program) {
    /** Launcher options whose value is the next word. */
    private static final Set<String> WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads", "--add-exports", "--add-opens",
            "--patch-module", "--enable-native-access", "--source");
    /** Launcher options that print something and run no program. */
    private static final Set<String> NO_PROGRAM = Set.of("-version", "--version", "-fullversion", "--full-version",
            "-help", "--help", "-h", "-?", "-X", "--help-extra", "--list-modules", "--describe-module", "-d",
            "--validate-modules");
    private static final String USAGE = "give java [options] MAIN|-jar JAR [args], a .jar file, or options and a main class "
            + "(e.g. -cp app.jar com.example.Main)";

    /**
     * The program {@code words} run.
     *
     * @throws BadInputException when they are not a Java program, or its java is missing or older than 21
     */
    static JavaProgram parse(List<String> words, Jdk defaultJdk) {
        if (words.isEmpty()) {
            throw new BadInputException("no command to run: " + USAGE);
        }
        String first = words.get(0);
        List<String> rest = words.subList(1, words.size());
        if (first.toLowerCase(Locale.ROOT).endsWith(".jar")) {
            requireJar(first);
            List<String> program = new ArrayList<>(List.of("-jar"));
            program.addAll(words);
            return new JavaProgram(defaultJdk, List.of(), program);
        }
        if (first.startsWith("-") || first.startsWith("@")) {
            return scan(defaultJdk, words);
        }
        String name = Path.of(first).getFileName() == null ? first : Path.of(first).getFileName().toString();
        if (!name.equals("java") && !name.equals("java.exe")) {
            throw new BadInputException("'" + first + "' is not a Java program: " + USAGE);
        }
        if (name.equals(first)) {
            return scan(defaultJdk, rest);
        }
        return scan(jdkOf(first), rest);
    }

    /** The command that runs this program with {@code extraJvmOptions} before the user's own options. */
    List<String> command(List<String> extraJvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(jdk.java().toString());
        command.addAll(extraJvmOptions);
        command.addAll(jvmOptions);
        command.addAll(program);
        return command;
    }

    private static Jdk jdkOf(String javaPath) {
        Path java = Path.of(javaPath);
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new BadInputException("java " + javaPath + ": no such executable");
        }
        Path home;
        try {
            home = java.toRealPath().getParent().getParent();
        } catch (IOException | NullPointerException e) {
            throw new BadInputException("java " + javaPath + ": cannot tell which JDK it belongs to");
        }
        return Jdk.at(home.toString(), "java " + javaPath);
    }

    /** Splits launcher options from the program; the program starts at -jar, -m or the first word that is no option. */
    private static JavaProgram scan(Jdk jdk, List<String> words) {
        List<String> options = new ArrayList<>();
        boolean argFile = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (NO_PROGRAM.contains(w)) {
                throw new BadInputException("java " + w + " prints information and runs no program: " + USAGE);
            }
            if (w.equals("-jar")) {
                if (i + 1 >= words.size()) {
                    throw new BadInputException("-jar needs a jar file: " + USAGE);
                }
                requireJar(words.get(i + 1));
                return new JavaProgram(jdk, options, List.copyOf(words.subList(i, words.size())));
            }
            if (w.equals("-m") || w.equals("--module") || w.startsWith("--module=")) {
                return new JavaProgram(jdk, options, List.copyOf(words.subList(i, words.size())));
            }
            if (w.startsWith("@")) {
                argFile = true;
                options.add(w);
            } else if (w.startsWith("-")) {
                options.add(w);
                if (WITH_VALUE.contains(w)) {
                    if (i + 1 >= words.size()) {
                        throw new BadInputException("java option " + w + " needs a value: " + USAGE);
                    }
                    options.add(words.get(++i));
                }
            } else {
                return new JavaProgram(jdk, options, List.copyOf(words.subList(i, words.size())));
            }
        }
        if (!argFile) {
            throw new BadInputException("the java command runs no program (no main class, -jar or -m): " + USAGE);
        }
        return new JavaProgram(jdk, options, List.of());
    }

    private static void requireJar(String jar) {
        if (!Files.isRegularFile(Path.of(jar))) {
            throw new BadInputException("no such jar file: " + jar);
        }
    }
}
