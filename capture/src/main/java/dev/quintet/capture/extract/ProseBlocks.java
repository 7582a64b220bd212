package dev.quintet.capture.extract;

import java.util.IdentityHashMap;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The blocks of prose in a tree and how much prose each element holds. A block is a paragraph-like element
 * ({@code p}, {@code pre}, {@code blockquote}, {@code li}, {@code dd}) or a container ({@code div}, {@code td},
 * {@code section} and the like) with text of its own, not wrapped in paragraphs; it counts when it has at least
 * 25 characters and is not mostly links.
 */
final class ProseBlocks {

    static final String PARAGRAPHS = "p, pre, blockquote, li, dd";
    private static final String CONTAINERS = "div, td, th, section, article, main, center, body";
    private static final String INLINE = "a, b, i, em, strong, span, code, small, sup, sub, mark, abbr, cite, q, time,"
            + " u, s, br, font, kbd, var, samp, del, ins, bdi";
    private static final int MIN_BLOCK = 25;

    private final Map<Element, Double> totals = new IdentityHashMap<>();

    private ProseBlocks(Element root) {
        total(root, false);
    }

    /** Measures the tree under {@code root} once; later changes to the tree are not seen. */
    static ProseBlocks of(Element root) {
        return new ProseBlocks(root);
    }

    /** Characters of prose under {@code element} (CJK counted three times). */
    double length(Element element) {
        return totals.getOrDefault(element, 0.0);
    }

    private double total(Element element, boolean insideParagraph) {
        double sum = 0;
        boolean paragraph = element.is(PARAGRAPHS);
        for (Element child : element.children()) {
            sum += total(child, insideParagraph || paragraph);
        }
        if (!insideParagraph && isBlock(element)) {
            sum += TextMeasure.length(text(element));
        }
        totals.put(element, sum);
        return sum;
    }

    /** Whether the element is a block of prose that is not inside another paragraph. */
    static boolean isBlock(Element element) {
        String text = text(element);
        if (text == null || TextMeasure.length(text) < MIN_BLOCK) {
            return false;
        }
        return !element.is(PARAGRAPHS) || MainContent.linkDensity(element) <= 0.5;
    }

    /** A paragraph's whole text, a container's own text (inline children included), or null for other tags. */
    static String text(Element element) {
        if (element.is(PARAGRAPHS)) {
            return element.text();
        }
        if (!element.is(CONTAINERS)) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (Node node : element.childNodes()) {
            if (node instanceof TextNode t) {
                text.append(t.text());
            } else if (node instanceof Element child && child.is(INLINE) && child.selectFirst(PARAGRAPHS) == null) {
                text.append(child.text());
            }
        }
        return text.toString().strip();
    }

    /** The vote of one block: more for longer text and more clauses. */
    static double weight(String text) {
        return 1 + TextMeasure.clauses(text) + Math.min(TextMeasure.length(text) / 100.0, 3);
    }
}
