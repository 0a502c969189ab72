package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.result.ResultKey;
import dev.loomlab.report.folder.ResultsFolder;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a {@code --resume} run still has to do in its folder: the plan must be the one that made the folder
 * (else it says what differs); planned results the folder holds as {@code ok} or {@code not_applicable} are
 * kept, failed, invalid and missing ones run again.
 *
 * @param kept  the folder's results, as reports show them
 * @param toRun the planned results still to run, in plan order
 */
record Resumption(List<Result> kept, List<PlannedResult> toRun) {
    private static final int SHOWN = 2;

    /** A fresh run: nothing kept, everything to run. */
    static Resumption none(List<PlannedResult> plan) {
        return new Resumption(List.of(), plan);
    }

    /**
     * Reads the folder (repairing a last line a crash cut short, with a warning) and compares plans.
     *
     * @throws BadInputException when the plan differs from the folder's or its results cannot be read
     */
    static Resumption of(ResultsFolder folder, List<PlannedResult> plan, PrintStream warnings) throws IOException {
        String repaired = folder.repairLastLine();
        if (repaired != null) {
            warnings.println("loomlab: " + repaired);
        }
        List<Result> lines;
        try {
            lines = Files.isRegularFile(folder.dir().resolve(ResultsFolder.RESULTS))
                    ? ResultJson.readAll(folder.dir().resolve(ResultsFolder.RESULTS), w -> warnings.println("loomlab: " + w),
                            ResultsFolder.SECTIONS)
                    : List.of();
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("--resume: cannot read " + folder.dir().resolve(ResultsFolder.RESULTS) + ": "
                    + firstLine(e.getMessage()));
        }
        List<PlanFile.Entry> now = plan.stream().map(PlanFile.Entry::of).toList();
        Optional<List<PlanFile.Entry>> before;
        try {
            before = PlanFile.read(folder.dir());
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("--resume: cannot read " + folder.dir().resolve(ResultsFolder.PLAN) + ": "
                    + firstLine(e.getMessage()));
        }
        String differs = before.isPresent() ? differences(before.get(), now) : strangers(lines, now);
        if (differs != null) {
            throw new BadInputException("--resume: this is not the plan that made " + folder.dir() + ": " + differs
                    + "; run it with the same scenarios and options, or into another --out");
        }
        List<Result> kept = ResultKey.current(lines);
        Set<ResultKey> finished = new HashSet<>();
        kept.stream().filter(ResultKey::finished).map(ResultKey::of).forEach(finished::add);
        List<PlannedResult> toRun = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            if (!finished.contains(now.get(i).key())) {
                toRun.add(plan.get(i));
            }
        }
        return new Resumption(kept, toRun);
    }

    private static String differences(List<PlanFile.Entry> before, List<PlanFile.Entry> now) {
        Set<PlanFile.Entry> onlyNow = new LinkedHashSet<>(now);
        before.forEach(onlyNow::remove);
        Set<PlanFile.Entry> onlyBefore = new LinkedHashSet<>(before);
        now.forEach(onlyBefore::remove);
        if (onlyNow.isEmpty() && onlyBefore.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (!onlyNow.isEmpty()) {
            parts.add(onlyNow.size() + " planned now but not there (" + sample(onlyNow) + ")");
        }
        if (!onlyBefore.isEmpty()) {
            parts.add(onlyBefore.size() + " there but not planned now (" + sample(onlyBefore) + ")");
        }
        return String.join("; ", parts);
    }

    /** For a folder without a plan file: results whose key the plan does not have. */
    private static String strangers(List<Result> lines, List<PlanFile.Entry> now) {
        Set<ResultKey> planned = new HashSet<>();
        now.forEach(e -> planned.add(e.key()));
        Set<ResultKey> strange = new LinkedHashSet<>();
        lines.stream().map(ResultKey::of).filter(k -> !planned.contains(k)).forEach(strange::add);
        return strange.isEmpty() ? null : strange.size() + " results there are not planned now (" + sample(strange) + ")";
    }

    private static String sample(Set<?> items) {
        List<String> shown = items.stream().limit(SHOWN).map(Object::toString).toList();
        return String.join(", ", shown) + (items.size() > SHOWN ? ", …" : "");
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }
}
