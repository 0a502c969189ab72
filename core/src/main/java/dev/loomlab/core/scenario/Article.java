package dev.loomlab.core.scenario;

import java.util.List;

/**
 * One of the articles loomlab reproduces, as its resource file {@code loomlab/articles/<key>.json} describes it.
 *
 * @param key            a short stable key, e.g. {@code 004}, which results keep
 * @param title          the title in English
 * @param originalTitle  the title as published; null when it has none
 * @param hardware       the machine its figures were measured on, unless a figure names its own
 * @param figures        the figures it published
 */
public record Article(String key, String title, String originalTitle, String hardware, List<Published> figures) {
}
