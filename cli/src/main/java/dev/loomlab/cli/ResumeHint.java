package dev.loomlab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The command that continues a stopped run: the command as typed, with {@code --out DIR} and {@code --resume}. */
final class ResumeHint {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

    private ResumeHint() {
    }

    /** @param command the command as typed, first word {@code loomlab} */
    static String of(List<String> command, Path dir) {
        List<String> words = new ArrayList<>(command);
        if (!words.contains("--out") && words.stream().noneMatch(w -> w.startsWith("--out="))) {
            words.add("--out");
            words.add(dir.toString());
        }
        if (!words.contains("--resume")) {
            words.add("--resume");
        }
        return String.join(" ", words.stream().map(ResumeHint::quote).toList());
    }

    /** A word as a POSIX shell reads it back: as is when plain, else in single quotes. */
    static String quote(String word) {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
