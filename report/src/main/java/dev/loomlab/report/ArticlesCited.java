package dev.loomlab.report;

import dev.loomlab.core.result.Result;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The articles whose figures the results carry, by key and title ({@code [004] Java virtual threads: internals
 * and performance}), and where loomlab describes them: {@code docs/articles.md} of its installation.
 */
public final class ArticlesCited {
    private ArticlesCited() {
    }

    /** Key → title of every article a result's published figure comes from, in the results' order. */
    public static Map<String, String> of(List<Result> results) {
        Map<String, String> cited = new LinkedHashMap<>();
        for (Result r : results) {
            if (r.published() != null && r.published().article() != null) {
                cited.putIfAbsent(r.published().article(), r.published().title() == null ? "" : r.published().title());
            }
        }
        return cited;
    }

    /** docs/articles.md of the loomlab that renders the report ({@code loomlab.home}), where it exists. */
    public static Optional<Path> page() {
        String home = System.getProperty("loomlab.home");
        if (home == null) {
            return Optional.empty();
        }
        Path page = Path.of(home, "docs", "articles.md").toAbsolutePath();
        return Files.isRegularFile(page) ? Optional.of(page) : Optional.empty();
    }

    /** The Markdown section, or empty when no result carries an article's figure. */
    static String markdown(List<Result> results) {
        Map<String, String> cited = of(results);
        if (cited.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Articles cited\n\n");
        cited.forEach((key, title) -> sb.append("- [").append(key).append("] ").append(title).append('\n'));
        sb.append("\nEach is described, with its hardware, its figures and the scenarios that reproduce it, in ")
                .append(page().map(p -> "[docs/articles.md](" + p.toUri() + ")").orElse("loomlab's docs/articles.md"))
                .append(".\n");
        return sb.toString();
    }
}
