package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.load.Arm;
import dev.loomlab.load.capacity.SearchPlan;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code loomlab assess} measures: for each URL, each arm (on each JDK) searched for its capacity under the
 * objective, then every arm measured at common rates — shares of the lowest arm's capacity — in alternating turns
 * (A B A B …), the service started afresh for each search and each turn.
 *
 * @param app          the command that starts the service
 * @param urls         the URLs assessed, one after the other
 * @param arms         the arms, each on its JDK (the JDK axis already multiplied in), in the order they alternate
 * @param readFlags    JVM flags every arm gets before its own, so that loomlab can read the service ({@link #readFlags})
 * @param search       each arm's capacity search
 * @param policy       what each result is judged by: the search's objective
 * @param searches     searches per arm ({@code --repeat})
 * @param shares       the common rates, as shares of the lowest arm's capacity (0.5 for 50%)
 * @param turns        turns per arm at the common rates
 * @param warmup       each common-rate run's warm-up
 * @param duration     each common-rate run's measured span
 * @param startTimeout how long the service may take to answer every URL once started
 */
record AssessPlan(AppCommandLine app, List<URI> urls, List<Arm> arms, List<String> readFlags, SearchPlan search, SloPolicy policy, int searches,
                  List<Double> shares,
                  int turns, Duration warmup, Duration duration, Duration startTimeout) {
    /** Turns per arm by default: the fewest with which the exact 99% interval of a ratio exists (5 vs 5). */
    static final int DEFAULT_TURNS = 5;
    /** The common rates by default: half of the lowest capacity, where every arm is comfortable, and 90%, near its knee. */
    static final List<Double> DEFAULT_SHARES = List.of(0.5, 0.9);
    /** Steps a capacity search takes, for the estimate only: doubling to the knee, then bisecting to 5%. */
    private static final int ESTIMATED_STEPS = 8;
    /** A service's start, for the estimate only: a Spring Boot application on two cores takes about this long. */
    private static final Duration ESTIMATED_START = Duration.ofSeconds(10);

    /**
     * The flags that let loomlab read a service: for a Spring Boot application, those that register Tomcat's and
     * HikariCP's MBeans (both off by default), read over local attach ({@link dev.loomlab.load.service.JmxSaturation}).
     */
    static List<String> readFlags(boolean spring) {
        return spring ? List.of("-Dserver.tomcat.mbeanregistry.enabled=true", "-Dspring.datasource.hikari.register-mbeans=true")
                : List.of();
    }

    /**
     * The arms {@code --arm NAME=FLAGS} and {@code --arm-env NAME=KEY=VALUE} name, in the order first named; for a Spring
     * Boot application given none, {@code platform} and {@code virtual}.
     *
     * @throws BadInputException for a malformed one, an environment for an arm not named, or fewer than two arms
     */
    static List<Arm> arms(List<String> armFlags, List<String> armEnv, boolean spring) {
        Map<String, List<String>> flags = new LinkedHashMap<>();
        for (String a : armFlags) {
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            requireName(name, "--arm " + a);
            if (flags.containsKey(name)) {
                throw new BadInputException("--arm " + name + " is given twice");
            }
            flags.put(name, eq < 0 ? List.of() : AppCommandLine.split(a.substring(eq + 1)));
        }
        if (flags.isEmpty() && spring) {
            flags.put("platform", List.of("-Dspring.threads.virtual.enabled=false"));
            flags.put("virtual", List.of("-Dspring.threads.virtual.enabled=true"));
        }
        Map<String, Map<String, String>> env = new LinkedHashMap<>();
        for (String e : armEnv) {
            String[] parts = e.split("=", 3);
            if (parts.length < 3 || parts[1].isBlank()) {
                throw new BadInputException("--arm-env " + e + ": give NAME=KEY=VALUE, e.g. --arm-env virtual=THREADS=virtual");
            }
            requireName(parts[0], "--arm-env " + e);
            if (!flags.containsKey(parts[0])) {
                // an arm named only by its environment
                flags.put(parts[0], List.of());
            }
            env.computeIfAbsent(parts[0], k -> new LinkedHashMap<>()).put(parts[1], parts[2]);
        }
        if (flags.size() < 2) {
            throw new BadInputException("assess compares at least two arms: name them with --arm NAME=FLAGS (e.g. --arm"
                    + " platform=-Dthreads=platform --arm virtual=-Dthreads=virtual) or --arm-env NAME=KEY=VALUE; a Spring"
                    + " Boot jar (or --spring) gets platform and virtual by itself");
        }
        List<Arm> arms = new ArrayList<>();
        flags.forEach((name, f) -> arms.add(new Arm(name, f, env.getOrDefault(name, Map.of()), null)));
        return arms;
    }

    /** {@code arms} on each of {@code jdks}: one JDK keeps the names; several add the JDK's feature ({@code virtual-21}). */
    static List<Arm> onJdks(List<Arm> arms, List<Jdk> jdks) {
        if (jdks.isEmpty()) {
            return arms;
        }
        List<Arm> out = new ArrayList<>();
        for (Jdk jdk : jdks) {
            for (Arm arm : arms) {
                String name = jdks.size() == 1 ? arm.name() : arm.name() + "-" + jdk.feature();
                out.add(new Arm(name, arm.flags(), arm.env(), jdk.home().toString()));
            }
        }
        return out;
    }

    private static void requireName(String name, String what) {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new BadInputException(what + ": an arm's name is letters, digits, '.', '_' and '-' (e.g. virtual)");
        }
    }

    /** The plan in words, with what it costs at least: what {@code --dry-run} prints. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add("loomlab assess: " + app.text());
        for (Arm arm : arms) {
            lines.add("  arm " + arm.name() + ": " + (arm.flags().isEmpty() ? "no flags" : String.join(" ", arm.flags()))
                    + (arm.env().isEmpty() ? "" : ", env " + arm.env()) + (arm.jdk() == null ? "" : ", JDK " + arm.jdk()));
        }
        if (!readFlags.isEmpty()) {
            lines.add("  every arm also gets " + String.join(" ", readFlags) + " (its pools read over local attach)");
        }
        lines.add("  within " + search.slo().spec() + ", for each of " + urls.size() + (urls.size() == 1 ? " URL" : " URLs") + ":");
        lines.add("  1. each arm's capacity: " + (searches == 1 ? "one search" : searches + " searches") + " from "
                + Slo.figure(search.startRatePerS()) + "/s, steps of " + seconds(search.stepWarmup()) + " + at least "
                + seconds(search.shortestStep()) + " measured; the service started afresh for each arm");
        lines.add("  2. every arm at " + String.join(" and ", shares.stream().map(s -> Slo.figure(100 * s) + "%").toList())
                + " of the lowest capacity, " + turns + " alternating turns each (" + String.join(" ",
                arms.stream().map(Arm::name).toList()) + " …), " + seconds(warmup) + " + " + seconds(duration)
                + " measured a rate; the service started afresh for each turn");
        long total = estimate().toSeconds();
        lines.add(String.format(Locale.ROOT, "  about %d min %02d s in all (assuming %s a start and %d steps a search; a"
                + " search's slow steps take longer)", total / 60, total % 60, seconds(ESTIMATED_START), ESTIMATED_STEPS));
        return lines;
    }

    /** A rough estimate of the whole assessment. */
    Duration estimate() {
        Duration step = search.stepWarmup().plus(search.measuredSpan(search.startRatePerS()));
        Duration searchBlock = ESTIMATED_START.plus(step.multipliedBy((long) ESTIMATED_STEPS * searches));
        Duration turn = ESTIMATED_START.plus(warmup.plus(duration).multipliedBy(shares.size()));
        Duration perUrl = searchBlock.plus(turn.multipliedBy(turns)).multipliedBy(arms.size());
        return perUrl.multipliedBy(urls.size());
    }

    private static String seconds(Duration d) {
        return Units.formatDuration(d.toNanos());
    }
}
