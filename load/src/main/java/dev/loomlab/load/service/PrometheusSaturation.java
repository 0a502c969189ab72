package dev.loomlab.load.service;

import dev.loomlab.core.BadInputException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A service's saturation read from its Prometheus endpoint ({@code load --service-metrics URL}): loomlab serve's
 * {@code --metrics-port}, Spring Boot's {@code /actuator/prometheus}, any client's {@code /metrics}. Each read is one GET
 * of the whole text, mapped through {@link SaturationNames}; a pool named by several series (two executors, two
 * datasources) is read as its fullest. The endpoint is asked once before the load ({@link #probe}).
 */
public final class PrometheusSaturation implements SaturationSource {
    /** How long the probe before the load waits for the endpoint. */
    static final Duration PROBE_LIMIT = Duration.ofSeconds(10);
    /**
     * How long a read during the load waits: a read every second must not queue behind a slow one. An endpoint served by
     * the pool that ran out (Spring Boot's actuator on Tomcat's own threads) may not answer at the knee; serving it
     * apart (Spring Boot's {@code management.server.port}) keeps it answering.
     */
    static final Duration READ_LIMIT = Duration.ofMillis(900);

    private final URI url;
    private final HttpClient client;

    private PrometheusSaturation(URI url) {
        this.url = url;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(READ_LIMIT).build();
    }

    /**
     * Asks {@code url} once and returns the source reading it, with what the answer holds of {@link SaturationNames}.
     *
     * @throws BadInputException in one line, when it does not answer, answers no 2xx, or answers no Prometheus text
     */
    public static Probed probe(URI url) throws InterruptedException {
        String body;
        try (HttpClient once = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(PROBE_LIMIT).build()) {
            HttpResponse<String> r = once.send(HttpRequest.newBuilder(url).timeout(PROBE_LIMIT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new BadInputException("--service-metrics " + url + " answered HTTP " + r.statusCode()
                        + ", not Prometheus text: give the service's metrics endpoint (e.g. /actuator/prometheus, /metrics)");
            }
            body = r.body();
        } catch (IOException e) {
            String why = e instanceof java.net.http.HttpTimeoutException ? "no answer within " + PROBE_LIMIT.toSeconds() + " s"
                    : e instanceof java.net.ConnectException ? "connection refused"
                    : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            throw new BadInputException("--service-metrics " + url + " does not answer (" + why + "): start the service's"
                    + " metrics endpoint first, or check the URL");
        }
        List<PrometheusText.Sample> samples;
        try {
            samples = PrometheusText.parse(body);
        } catch (PrometheusText.NotPrometheusText e) {
            throw new BadInputException("--service-metrics " + url + " does not answer Prometheus text: " + e.getMessage());
        }
        return new Probed(new PrometheusSaturation(url), of(samples, System.nanoTime()).toldAnything(), samples.size());
    }

    /**
     * A probed endpoint: the source, and whether its answer held any figure loomlab reads (none: only the generator, the
     * connections or nothing can be named as a knee's cause from it).
     *
     * @param samples the samples its answer held
     */
    public record Probed(PrometheusSaturation source, boolean readable, int samples) {
    }

    @Override
    public Saturation read() {
        long now = System.nanoTime();
        try {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(url).timeout(READ_LIMIT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                return Saturation.nothing(now);
            }
            return of(PrometheusText.parse(r.body()), now);
        } catch (IOException | PrometheusText.NotPrometheusText e) {
            return Saturation.nothing(now);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Saturation.nothing(now);
        }
    }

    @Override
    public String describe() {
        return url.toString();
    }

    /** What {@code samples} tell of {@link SaturationNames}' figures, read at {@code nanos}. */
    public static Saturation of(List<PrometheusText.Sample> samples, long nanos) {
        Map<String, List<PrometheusText.Sample>> byName = new HashMap<>();
        for (PrometheusText.Sample s : samples) {
            byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s);
        }
        double[] threads = fullest(byName, SaturationNames.THREAD_POOLS);
        double[] pool = fullest(byName, SaturationNames.CONNECTION_POOLS);
        double cpuRatio = Double.NaN;
        for (String name : SaturationNames.CPU_RATIO) {
            if (Double.isNaN(cpuRatio)) {
                cpuRatio = largest(byName.get(name));
            }
        }
        return new Saturation(nanos, threads[0], threads[2], pool[0], pool[1], pool[2], cpuRatio,
                sum(byName.get(SaturationNames.CPU_SECONDS)), largest(byName.get(SaturationNames.CPU_COUNT)),
                largest(byName.get(SaturationNames.GC_PAUSE_RATIO)), sum(byName.get(SaturationNames.GC_PAUSE_SECONDS)),
                largest(byName.get(SaturationNames.VT_QUEUED)), largest(byName.get(SaturationNames.TIMER_LATE_MS)));
    }

    /**
     * In use, waiting (NaN when not named) and maximum of the fullest pool {@code pools} name, each in-use series matched
     * to the maximum series of the same labels; all NaN when none is named.
     */
    private static double[] fullest(Map<String, List<PrometheusText.Sample>> byName, List<SaturationNames.Pool> pools) {
        double[] best = {Double.NaN, Double.NaN, Double.NaN};
        double bestShare = -1;
        for (SaturationNames.Pool p : pools) {
            for (PrometheusText.Sample inUse : byName.getOrDefault(p.inUse(), List.of())) {
                double max = sameLabels(byName.get(p.max()), inUse.labels());
                if (!(max > 0) || Double.isNaN(inUse.value())) {
                    continue;
                }
                double share = inUse.value() / max;
                if (share > bestShare) {
                    bestShare = share;
                    best = new double[] {inUse.value(), p.waiting() == null ? Double.NaN
                            : sameLabels(byName.get(p.waiting()), inUse.labels()), max};
                }
            }
        }
        return best;
    }

    private static double sameLabels(List<PrometheusText.Sample> series, Map<String, String> labels) {
        if (series != null) {
            for (PrometheusText.Sample s : series) {
                if (s.labels().equals(labels)) {
                    return s.value();
                }
            }
        }
        return Double.NaN;
    }

    private static double largest(List<PrometheusText.Sample> series) {
        double out = Double.NaN;
        for (PrometheusText.Sample s : series == null ? List.<PrometheusText.Sample>of() : series) {
            if (!Double.isNaN(s.value()) && (Double.isNaN(out) || s.value() > out)) {
                out = s.value();
            }
        }
        return out;
    }

    private static double sum(List<PrometheusText.Sample> series) {
        if (series == null || series.isEmpty()) {
            return Double.NaN;
        }
        double out = 0;
        for (PrometheusText.Sample s : series) {
            if (!Double.isNaN(s.value())) {
                out += s.value();
            }
        }
        return out;
    }
}
