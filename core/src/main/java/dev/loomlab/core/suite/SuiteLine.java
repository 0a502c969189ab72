package dev.loomlab.core.suite;

import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One line of a suite file, in the CLI's words, as a {@link ScenarioRun}. */
final class SuiteLine {
    private SuiteLine() {
    }

    static ScenarioRun parse(String where, String line) {
        String[] words = line.split("\\s+");
        List<String> models = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>();
        List<String> roundWords = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
            String option = words[i];
            if (i + 1 >= words.length) {
                throw Suites.malformed(where, option + " needs a value");
            }
            String value = words[++i];
            switch (option) {
                case "-m" -> models.addAll(List.of(value.split(",")));
                case "-p" -> {
                    int eq = value.indexOf('=');
                    if (eq <= 0) {
                        throw Suites.malformed(where, "-p " + value + ": expected NAME=VALUE");
                    }
                    params.put(value.substring(0, eq), value.substring(eq + 1));
                }
                case "--forks", "--warmup", "--iterations" -> {
                    roundWords.add(option);
                    roundWords.add(value);
                }
                default -> throw Suites.malformed(where, "unknown option " + option);
            }
        }
        return new ScenarioRun(words[0], models, params, parseRounds(where, String.join(" ", roundWords)));
    }

    static Rounds parseRounds(String where, String text) {
        Integer forks = null;
        Integer warmup = null;
        Integer iterations = null;
        String[] words = text.isBlank() ? new String[0] : text.strip().split("\\s+");
        if (words.length % 2 != 0) {
            throw Suites.malformed(where, words[words.length - 1] + " needs a value");
        }
        for (int i = 0; i < words.length; i += 2) {
            int n;
            try {
                n = Integer.parseInt(words[i + 1]);
            } catch (NumberFormatException e) {
                throw Suites.malformed(where, words[i] + " " + words[i + 1] + ": not a whole number");
            }
            switch (words[i]) {
                case "--forks" -> forks = n;
                case "--warmup" -> warmup = n;
                case "--iterations" -> iterations = n;
                default -> throw Suites.malformed(where, "unknown option " + words[i]);
            }
        }
        return new Rounds(forks, warmup, iterations);
    }
}
