package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.load.Arm;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.report.folder.ResultsFolder;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What an interrupted assessment's folder already holds ({@code assess --resume --out DIR}): its plan, written as it
 * started ({@value #PLAN}), must be the one asked for now; an arm's capacity search that finished {@code ok} is kept and
 * not run again, and a URL's comparison at the common rates is kept when every arm's result at every rate is there and
 * {@code ok}. Turns of an unfinished comparison are measured again from the first (a comparison is its turns taken
 * together); an arm's result at a rate that finished {@code ok} is kept rather than written twice.
 *
 * @param kept the folder's results, in the order written
 */
record AssessResume(List<Result> kept) {
    /** The plan of the assessment that made the folder, as {@code --dry-run} prints it. */
    static final String PLAN = "assess-plan.txt";

    /** A fresh assessment: nothing kept. */
    static final AssessResume NONE = new AssessResume(List.of());

    /** Writes {@code plan} into the folder of a fresh assessment. */
    static void writePlan(Path dir, AssessPlan plan) throws IOException {
        Files.write(dir.resolve(PLAN), plan.describe(), StandardCharsets.UTF_8);
    }

    /**
     * Reads the folder {@code dir} of an interrupted assessment (a last line a crash cut short repaired, with a warning).
     *
     * @throws BadInputException when it holds no assessment, or one of another plan
     */
    static AssessResume of(Path dir, AssessPlan plan, PrintStream warnings) throws IOException {
        Path planFile = dir.resolve(PLAN);
        if (!Files.isRegularFile(planFile)) {
            throw new BadInputException("--resume: " + dir + " holds no assessment (no " + PLAN + "); give the --out of the"
                    + " assessment to continue");
        }
        List<String> before = Files.readAllLines(planFile, StandardCharsets.UTF_8);
        List<String> now = plan.describe();
        for (int i = 0; i < Math.max(before.size(), now.size()); i++) {
            String b = i < before.size() ? before.get(i) : "(nothing)";
            String n = i < now.size() ? now.get(i) : "(nothing)";
            if (!b.equals(n)) {
                throw new BadInputException("--resume: this is not the assessment that made " + dir + ": it planned \""
                        + b.strip() + "\", this one \"" + n.strip() + "\"; give the same options, or another --out");
            }
        }
        ResultsFolder folder = new ResultsFolder(dir);
        String repaired = folder.repairLastLine();
        if (repaired != null) {
            warnings.println("loomlab: " + repaired);
        }
        Path results = dir.resolve(ResultsFolder.RESULTS);
        List<Result> kept = Files.isRegularFile(results)
                ? ResultJson.readAll(results, w -> warnings.println("loomlab: " + w), ResultsFolder.SECTIONS) : List.of();
        return new AssessResume(kept);
    }

    /** {@code arm}'s finished capacity search of {@code url}, when the folder holds one. */
    Optional<Result> search(URI url, Arm arm) {
        return current(url, arm, true).values().stream().findFirst();
    }

    /**
     * Every arm's finished result at each of {@code rates} for {@code url}, in arm then rate order, when the folder holds
     * all of them; empty when any is missing or not {@code ok}.
     */
    Optional<List<Result>> comparison(URI url, List<Arm> arms, List<Double> rates) {
        List<Result> out = new java.util.ArrayList<>();
        for (Arm arm : arms) {
            Map<Double, Result> byRate = new LinkedHashMap<>();
            current(url, arm, false).forEach((k, r) -> byRate.put(rate(r), r));
            for (double rate : rates) {
                Result r = byRate.get(rate);
                if (r == null) {
                    return Optional.empty();
                }
                out.add(r);
            }
        }
        return Optional.of(out);
    }

    /** {@code arm}'s finished result at {@code rate} for {@code url}, when the folder holds one. */
    Optional<Result> atRate(URI url, Arm arm, double rate) {
        return current(url, arm, false).values().stream().filter(r -> rate(r) == rate).reduce((a, b) -> b);
    }

    /** The last {@code ok} result of {@code arm} for {@code url}, of its search or of its common rates, by model and rate. */
    private Map<String, Result> current(URI url, Arm arm, boolean search) {
        Map<String, Result> last = new LinkedHashMap<>();
        for (Result r : kept) {
            boolean isSearch = r.model().equals("open:" + LoadScenario.MAX);
            if (!r.ok() || isSearch != search || !Objects.equals(String.valueOf(r.params().get("url")), url.toString())
                    || !Objects.equals(r.section(Arm.SECTION).map(Arm::name).orElse(null), arm.name())) {
                continue;
            }
            last.put(r.model() + " " + r.params().get("rate"), r);
        }
        return last;
    }

    private static double rate(Result r) {
        Object rate = r.params().get("rate");
        return rate instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(rate));
    }
}
