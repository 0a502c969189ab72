package dev.loomlab.core.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomlab.core.outcome.Status;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What names a result within a plan: scenario, model, parameter values, JDK version, forks, warm-up and
 * iterations. A resumed run skips a planned result whose key a finished result in the folder carries, and
 * a re-run result supersedes an earlier failed one of the same key.
 *
 * @param params the parameter values as sorted JSON, e.g. {@code {"sleep":"100ms","tasks":100}}
 * @param jdk    the trial JDK's version without its build, e.g. {@code 25.0.3} (a trial reports {@code 25.0.3+9-LTS},
 *               a JDK's release file says {@code 25.0.3})
 */
public record ResultKey(String scenario, String model, String params, String jdk, int forks, int warmup, int iterations) {

    public static ResultKey of(Result r) {
        return new ResultKey(r.scenario(), r.model(), paramsText(r.params()), r.jvm() == null ? null : jdk(r.jvm().version()),
                r.forks(), r.warmup(), r.iterations());
    }

    /** A JDK version without its build and qualifiers: {@code 25.0.3+9-LTS} and {@code 25.0.3} are both {@code 25.0.3}. */
    public static String jdk(String version) {
        return version == null ? null : version.split("[+-]", 2)[0];
    }

    /** Parameter values as results carry them ({@code ParamValues.json()}), as sorted JSON text. */
    public static String paramsText(Map<String, Object> params) {
        try {
            // Through a tree, so that 100 read back as an Integer and planned as a Long are one text.
            return Json.mapper().writeValueAsString(Json.mapper().valueToTree(new TreeMap<>(params)));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("parameters not writable as JSON: " + params, e);
        }
    }

    /**
     * The results a folder stands for: every line, except an unfinished one ({@code failed} or
     * {@code invalid}) that a later line of the same key replaced (a {@code --resume} re-ran it). Order kept.
     */
    public static List<Result> current(List<Result> lines) {
        Set<ResultKey> seenLater = new HashSet<>();
        List<Result> kept = new ArrayList<>();
        for (int i = lines.size() - 1; i >= 0; i--) {
            Result r = lines.get(i);
            ResultKey key = of(r);
            if (finished(r) || !seenLater.contains(key)) {
                kept.add(0, r);
            }
            seenLater.add(key);
        }
        return kept;
    }

    /** True for a result a resumed run keeps: {@code ok}, or {@code not_applicable} (which a re-run cannot change). */
    public static boolean finished(Result r) {
        return r.status() == Status.OK || r.status() == Status.NOT_APPLICABLE;
    }

    @Override
    public String toString() {
        return scenario + " " + model + " " + params + " [java " + jdk + "] forks " + forks + ", warm-up " + warmup
                + ", iterations " + iterations;
    }
}
