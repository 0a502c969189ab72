package dev.loomlab.core.scenario;

/**
 * Which experiment of which article a scenario reproduces.
 *
 * @param article the article's key, e.g. {@code 004} ({@link Articles})
 * @param experiment the experiment in the article's words, e.g. {@code sleep experiment}
 */
public record ArticleRef(String article, String experiment) {
}
