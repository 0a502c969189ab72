package dev.loomlab.core.engine;

import dev.loomlab.core.stats.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The lines a load engine's JVM writes on stdout for the loomlab JVM that started it, each starting with
 * {@value #PREFIX}; every other line is the engine's own output. In order:
 * <ul>
 *   <li>{@code refused REASON} — the load cannot run as asked (the plan, an unreachable remote engine): nothing
 *       was sent, and the JVM exits;</li>
 *   <li>{@code ready} — the plan is built and every remote engine answered: the JVM waits for {@value #GO} on its
 *       stdin before it sends anything;</li>
 *   <li>{@code started} — the load runs;</li>
 *   <li>{@code progress …} once a second ({@link Progress});</li>
 *   <li>{@code failed REASON} — the run broke off (a remote engine stopped answering): no outcome follows;</li>
 *   <li>{@code done} — the outcome file is written;</li>
 *   <li>{@code listening ADDRESS} — a remote engine ({@code loomlab load-agent}) is ready for controllers.</li>
 * </ul>
 */
public final class EngineLine {
    public static final String PREFIX = "#loomlab-engine ";
    public static final String REFUSED = "refused";
    public static final String READY = "ready";
    /** What loomlab writes on the engine JVM's stdin (one line) to start a load that is {@link #READY}. */
    public static final String GO = "go";
    public static final String STARTED = "started";
    public static final String PROGRESS = "progress";
    public static final String FAILED = "failed";
    public static final String DONE = "done";
    public static final String LISTENING = "listening";

    private EngineLine() {
    }

    /** A protocol line: its word and the rest. */
    public record Parsed(String word, String rest) {
    }

    /** {@code PREFIX word rest}. */
    public static String of(String word, String rest) {
        // One line whatever the reason holds.
        return PREFIX + word + (rest == null || rest.isEmpty() ? "" : " " + rest.replace('\n', ' ').replace('\r', ' '));
    }

    /** The protocol line {@code line} is, or empty for the engine's own output. */
    public static Optional<Parsed> parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String body = line.substring(PREFIX.length());
        int space = body.indexOf(' ');
        return Optional.of(space < 0 ? new Parsed(body, "") : new Parsed(body.substring(0, space), body.substring(space + 1)));
    }

    /**
     * A progress line's figures: the measured requests so far (those of the measured span that have ended),
     * by outcome.
     *
     * @param elapsedMillis since the engine started the load, ms
     * @param phase         {@code connecting}, {@code warm-up}, {@code measuring} or {@code draining}
     * @param errors        kind ({@link EngineOutcome#ERROR_KINDS}) → failed requests so far
     * @param latency       the latencies so far (ns) when the spec asked for them, else null
     */
    public record Progress(long elapsedMillis, String phase, long sent, long ok, Map<String, Long> errors, Histogram latency) {
        public long errorCount() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }

        /** The rest of the line: {@code 3012 measuring sent=10 ok=9 connect=1 timeout=0 … [latency=BASE64]}. */
        public String format() {
            StringBuilder sb = new StringBuilder().append(elapsedMillis).append(' ').append(phase)
                    .append(" sent=").append(sent).append(" ok=").append(ok);
            for (String kind : EngineOutcome.ERROR_KINDS) {
                sb.append(' ').append(kind).append('=').append(errors.getOrDefault(kind, 0L));
            }
            if (latency != null) {
                sb.append(" latency=").append(HistogramCodec.encode(latency));
            }
            return sb.toString();
        }

        /**
         * The figures {@link #format} wrote.
         *
         * @throws IllegalArgumentException when {@code rest} is not a progress line
         */
        public static Progress parse(String rest) {
            String[] words = rest.trim().split(" +");
            if (words.length < 2) {
                throw new IllegalArgumentException("not a progress line: " + rest);
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 2; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("not a progress line: " + rest);
                }
                values.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
            try {
                Map<String, Long> errors = new LinkedHashMap<>();
                for (String kind : EngineOutcome.ERROR_KINDS) {
                    errors.put(kind, Long.parseLong(values.getOrDefault(kind, "0")));
                }
                String latency = values.get("latency");
                return new Progress(Long.parseLong(words[0]), words[1], Long.parseLong(values.getOrDefault("sent", "0")),
                        Long.parseLong(values.getOrDefault("ok", "0")), errors, latency == null ? null : HistogramCodec.decode(latency));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a progress line: " + rest, e);
            }
        }
    }
}
