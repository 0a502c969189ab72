package dev.loomlab.core.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.core.Resources;
import dev.loomlab.core.stats.Metric;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The articles and their published figures, read from the class path: every {@code loomlab/articles/index}
 * lists keys, and each key's {@code loomlab/articles/<key>.json} holds the article and its figures. A
 * figure is plain data, so adding one is a line in that file.
 */
public final class Articles {
    private static final String DIR = "loomlab/articles/";
    private static volatile Articles loaded;
    private final Map<String, Article> byKey;

    private Articles(Map<String, Article> byKey) {
        this.byKey = Collections.unmodifiableMap(byKey);
    }

    /** The articles on this JVM's class path, read once. */
    public static Articles load() {
        Articles a = loaded;
        if (a == null) {
            a = read(Articles.class.getClassLoader());
            loaded = a;
        }
        return a;
    }

    static Articles read(ClassLoader loader) {
        Map<String, Article> byKey = new LinkedHashMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String key : Resources.index(loader, DIR + "index")) {
            for (String text : Resources.texts(loader, DIR + key + ".json")) {
                try {
                    Article article = parse(json.readTree(text));
                    byKey.merge(article.key(), article, Articles::merge);
                } catch (IOException e) {
                    throw new UncheckedIOException("article " + key + " on the class path is not valid JSON", e);
                }
            }
        }
        return new Articles(byKey);
    }

    public List<Article> all() {
        return List.copyOf(byKey.values());
    }

    public Optional<Article> find(String key) {
        return Optional.ofNullable(byKey.get(key));
    }

    /** Every figure published for {@code scenario}. */
    public List<Published> figures(String scenario) {
        return byKey.values().stream().flatMap(a -> a.figures().stream()).filter(f -> f.scenario().equals(scenario)).toList();
    }

    /** The figure published for this scenario, model and parameters, if any. */
    public Optional<Published> figure(String scenario, String model, Map<String, String> canonicalParams, int cores) {
        return figures(scenario).stream().filter(f -> f.matches(scenario, model, canonicalParams, cores)).findFirst();
    }

    private static Article merge(Article a, Article b) {
        List<Published> figures = new ArrayList<>(a.figures());
        figures.addAll(b.figures());
        return new Article(a.key(), a.title(), a.originalTitle(), a.hardware(), figures);
    }

    private static Article parse(JsonNode node) {
        String key = node.path("key").asText();
        String hardware = node.path("hardware").asText(null);
        List<Published> figures = new ArrayList<>();
        for (JsonNode f : node.path("figures")) {
            Map<String, String> params = new LinkedHashMap<>();
            f.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            figures.add(new Published(key, f.path("hardware").asText(hardware), f.path("scenario").asText(),
                    f.path("model").asText(), Map.copyOf(params), f.path("metric").asText(Metric.WALL_MS.name()),
                    f.path("value").asDouble(), f.path("note").asText("")));
        }
        return new Article(key, node.path("title").asText(), node.path("original_title").isNull() ? null
                : node.path("original_title").asText(null), hardware, List.copyOf(figures));
    }
}
