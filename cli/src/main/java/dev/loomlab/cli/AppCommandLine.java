package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.load.Arm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarFile;

/**
 * The command that starts a user's service ({@code assess --app}), split into words as a shell splits them (quotes and
 * backslashes; nothing expanded), and how an {@link Arm}'s flags and environment reach it. A command that starts with
 * {@code java}, a path to a {@code java}, or a jar ({@link JavaProgram}) gets the flags on its own command line, before
 * the user's, and runs on the JDK asked for. Any other command (a script, {@code mvn spring-boot:run}) gets them through
 * {@code JAVA_TOOL_OPTIONS}, which every JVM it starts reads, and the JDK through {@code JAVA_HOME} and {@code PATH}.
 *
 * @param text  the command as given
 * @param words its words
 * @param java  the Java program it runs; null when it is another command
 */
record AppCommandLine(String text, List<String> words, JavaProgram java) {
    /** The manifest attribute a Spring Boot executable jar carries. */
    static final String SPRING_BOOT_VERSION = "Spring-Boot-Version";

    /**
     * {@code text} as a command.
     *
     * @throws BadInputException when it is empty, has an unclosed quote, or names a jar or java that is not there
     */
    static AppCommandLine parse(String text) {
        List<String> words = split(text);
        if (words.isEmpty()) {
            throw new BadInputException("--app needs the command that starts your service, e.g. --app \"java -jar app.jar\"");
        }
        String first = Path.of(words.getFirst()).getFileName().toString();
        // JavaProgram's forms: java …, a jar, or JVM options first (-cp svc.jar Main, @argfile)
        boolean java = first.equals("java") || first.equals("java.exe") || first.toLowerCase(Locale.ROOT).endsWith(".jar")
                || words.getFirst().startsWith("-") || words.getFirst().startsWith("@");
        return new AppCommandLine(text, List.copyOf(words), java ? JavaProgram.parse(words, Jdk.current()) : null);
    }

    /** True when the command runs a Java program whose flags loomlab puts on its command line. */
    boolean runsJava() {
        return java != null;
    }

    /** True when it runs a Spring Boot executable jar ({@value #SPRING_BOOT_VERSION} in its manifest). */
    boolean isSpringBoot() {
        if (java == null) {
            return false;
        }
        List<String> program = java.program();
        int jar = program.indexOf("-jar");
        if (jar < 0 || jar + 1 >= program.size()) {
            return false;
        }
        try (JarFile file = new JarFile(program.get(jar + 1))) {
            return file.getManifest() != null && file.getManifest().getMainAttributes().getValue(SPRING_BOOT_VERSION) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The process that starts the service as {@code arm}, on {@code jdk} (null: the command's own java), with
     * {@code extraFlags} of loomlab's own before the arm's.
     */
    ProcessBuilder builder(Arm arm, Jdk jdk, List<String> extraFlags) {
        List<String> flags = new ArrayList<>(extraFlags);
        flags.addAll(arm.flags());
        ProcessBuilder pb;
        if (java != null) {
            JavaProgram program = jdk == null ? java : new JavaProgram(jdk, java.jvmOptions(), java.program());
            pb = new ProcessBuilder(program.command(flags));
        } else {
            pb = new ProcessBuilder(words);
            if (!flags.isEmpty()) {
                String before = pb.environment().getOrDefault("JAVA_TOOL_OPTIONS", "");
                pb.environment().put("JAVA_TOOL_OPTIONS", (before.isBlank() ? "" : before + " ") + String.join(" ", flags));
            }
            if (jdk != null) {
                pb.environment().put("JAVA_HOME", jdk.home().toString());
                pb.environment().put("PATH", jdk.home().resolve("bin") + ":" + pb.environment().getOrDefault("PATH", ""));
            }
        }
        for (Map.Entry<String, String> e : arm.env().entrySet()) {
            pb.environment().put(e.getKey(), e.getValue());
        }
        return pb;
    }

    /**
     * {@code text} split into words as a POSIX shell splits a simple command: at unquoted white space; {@code '…'} taken
     * as it is; {@code "…"} with {@code \"} and {@code \\} unescaped; a backslash outside quotes keeps the next character.
     */
    static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'') {
                int end = text.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new BadInputException("--app: a ' is not closed in: " + text);
                }
                word.append(text, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '"') {
                int j = i + 1;
                for (; j < text.length() && text.charAt(j) != '"'; j++) {
                    char d = text.charAt(j);
                    if (d == '\\' && j + 1 < text.length() && (text.charAt(j + 1) == '"' || text.charAt(j + 1) == '\\')) {
                        d = text.charAt(++j);
                    }
                    word.append(d);
                }
                if (j >= text.length()) {
                    throw new BadInputException("--app: a \" is not closed in: " + text);
                }
                i = j;
                inWord = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
