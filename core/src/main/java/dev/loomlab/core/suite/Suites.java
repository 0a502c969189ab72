package dev.loomlab.core.suite;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.Resources;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the suites on the class path: every {@code loomlab/suites/index} names suites, and every
 * {@code loomlab/suites/<id>.suite} (core's and any module's or plugin's) adds entries, one a line in the
 * CLI's words — {@code SCENARIO [-m MODEL,…] [-p NAME=VALUE]… [--forks N] [--warmup N] [--iterations N]}
 * — with {@code @description TEXT} and {@code @rounds OPTIONS} lines for the suite itself and {@code #}
 * comments. Entries of scenarios that are not on the class path are left out; the others run in the
 * scenario catalogue's order.
 */
public final class Suites {
    private static final String DIR = "loomlab/suites/";
    private final Map<String, Suite> byId;

    private Suites(Map<String, Suite> byId) {
        this.byId = byId;
    }

    /** The suites over {@code scenarios} (in their order), read from this class's loader. */
    public static Suites load(List<Scenario> scenarios) {
        return read(Suites.class.getClassLoader(), scenarios);
    }

    static Suites read(ClassLoader loader, List<Scenario> scenarios) {
        List<String> order = scenarios.stream().map(Scenario::name).toList();
        Map<String, Suite> byId = new LinkedHashMap<>();
        for (String id : Resources.index(loader, DIR + "index")) {
            String description = id;
            Rounds rounds = Rounds.NONE;
            List<ScenarioRun> runs = new ArrayList<>();
            for (String text : Resources.texts(loader, DIR + id + ".suite")) {
                int lineNo = 0;
                for (String raw : text.lines().toList()) {
                    lineNo++;
                    String line = raw.strip();
                    if (line.isEmpty() || line.startsWith("#")) {
                        continue;
                    }
                    String where = id + ".suite:" + lineNo;
                    if (line.startsWith("@description ")) {
                        description = line.substring("@description ".length()).strip();
                    } else if (line.startsWith("@rounds ")) {
                        rounds = SuiteLine.parseRounds(where, line.substring("@rounds ".length()));
                    } else {
                        runs.add(SuiteLine.parse(where, line));
                    }
                }
            }
            List<ScenarioRun> known = runs.stream().filter(r -> order.contains(r.scenario()))
                    .sorted(Comparator.comparingInt(r -> order.indexOf(r.scenario()))).toList();
            byId.put(id, new Suite(id, description, rounds, known));
        }
        return new Suites(byId);
    }

    public List<Suite> all() {
        return List.copyOf(byId.values());
    }

    public Optional<Suite> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** A malformed suite line: a bug in a suite file, named by file and line. */
    static BadInputException malformed(String where, String why) {
        return new BadInputException("suite " + where + ": " + why);
    }
}
