package dev.loomlab.core.slo;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service level objective a result is judged against: comma-separated terms, each of which must hold —
 * {@code p50|p90|p99|p999|max<DURATION} (task latency), {@code errors<PERCENT%} (failed requests or calls),
 * {@code rate>N/s} (throughput). Article 003's alerts are {@link #DEFAULT}.
 *
 * @param terms at least one, at most one per name
 */
public record Slo(List<SloTerm> terms) {
    private static final Pattern TERM = Pattern.compile("([a-z0-9]+)\\s*([<>])\\s*(.*)");
    private static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p999", "max");
    private static final String GRAMMAR = "p50|p90|p99|p999|max<DURATION, errors<PERCENT% or rate>N/s, e.g. p99<500ms,errors<1%";
    /** Article 003's golden-signal thresholds: p99 latency under 500 ms and under 1% errors. */
    public static final Slo DEFAULT = parse("p99<500ms,errors<1%");

    public Slo {
        terms = List.copyOf(terms);
    }

    /**
     * The objective {@code text} writes, e.g. {@code p99<500ms,errors<1%} (spaces around the parts allowed).
     *
     * @throws BadInputException naming the term that is not one
     */
    public static Slo parse(String text) {
        if (text.isBlank()) {
            throw new BadInputException("no objective given; give terms such as " + GRAMMAR);
        }
        List<SloTerm> terms = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String part : text.split(",", -1)) {
            SloTerm term = term(part.strip());
            if (!names.add(term.name())) {
                throw new BadInputException("'" + text + "' gives " + term.name() + " twice");
            }
            terms.add(term);
        }
        return new Slo(terms);
    }

    private static SloTerm term(String t) {
        Matcher m = TERM.matcher(t);
        if (!m.matches()) {
            throw new BadInputException("'" + t + "' is not a term: give " + GRAMMAR);
        }
        String name = m.group(1);
        String op = m.group(2);
        String value = m.group(3).strip();
        if (PERCENTILES.contains(name) && op.equals("<")) {
            long nanos = Units.parseDurationNanos(name, value);
            if (nanos == 0) {
                throw new BadInputException("'" + t + "' cannot be met: a latency limit must be above 0");
            }
            return new SloTerm.Latency(name, nanos);
        }
        if (name.equals("errors") && op.equals("<")) {
            if (!value.endsWith("%")) {
                throw new BadInputException("'" + t + "' needs a percentage, e.g. errors<1%");
            }
            double pct = Units.parseDecimal("errors", value.substring(0, value.length() - 1).strip());
            if (!(pct > 0) || pct > 100) {
                throw new BadInputException("'" + t + "': the error limit must be above 0% and at most 100%");
            }
            return new SloTerm.Errors(pct);
        }
        if (name.equals("rate") && op.equals(">")) {
            if (!value.endsWith("/s")) {
                throw new BadInputException("'" + t + "' needs a rate per second, e.g. rate>1000/s");
            }
            double perS = Units.parseDecimal("rate", value.substring(0, value.length() - 2).strip());
            if (perS < 0) {
                throw new BadInputException("'" + t + "': the rate must be 0 or more");
            }
            return new SloTerm.Rate(perS);
        }
        throw new BadInputException("'" + t + "' is not a term: give " + GRAMMAR);
    }

    /** The canonical text of this objective, e.g. {@code p99<500ms,errors<1%}. */
    public String spec() {
        return String.join(",", terms.stream().map(SloTerm::text).toList());
    }

    /**
     * Whether a result's figures meet every term: {@code metrics} as a result holds them (name → summary), from a
     * finished result that is ok or from one step of a capacity search.
     */
    public SloVerdict judge(Map<String, ?> metrics) {
        List<String> breaches = terms.stream().map(term -> term.breach(metrics)).flatMap(Optional::stream).toList();
        return new SloVerdict(spec(), breaches.isEmpty(), breaches);
    }

    /** A figure with three significant digits, written plainly: {@code 812}, {@code 20.1}, {@code 0.0512}. */
    public static String figure(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
