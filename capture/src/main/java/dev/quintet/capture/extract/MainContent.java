package dev.quintet.capture.extract;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Finds the element holding a page's main text, in four steps.
 * <ol>
 * <li>Remove what is never content (scripts, navigation, forms, hidden parts), elements named like boilerplate
 * (share bars, comments, cookie notices, related lists) and lists of teasers (items that each start with a linked
 * heading), unless they hold most of the page's prose.</li>
 * <li>Every block of prose votes for the element holding it and two ancestors above, by its length and clauses;
 * each candidate's votes are discounted by its link density and by names that say boilerplate, and raised when
 * it sits under the heading that repeats the page title.</li>
 * <li>From the winner, climb to an ancestor that holds clearly more prose (at least 1.5 times) without being
 * link-heavy: the winner was then one fragment of a text split into many small blocks.</li>
 * <li>Take along sibling paragraphs and sibling blocks of prose, so an article split by an ad slot stays whole.</li>
 * </ol>
 */
final class MainContent {

    static final Pattern BOILERPLATE = Pattern.compile("(?i)(^|[-_ ])(comments?|commentlist|disqus|replies|share|"
            + "sharing|sharedaddy|social|related|recommended|more-stories|read-next|sidebar|footer|masthead|header|"
            + "nav|navbar|navigation|menu|cookies?|cookiebanner|consent|gdpr|banner|advert|advertisement|ads?|adslot|"
            + "ad-slot|sponsored|sponsor|promo|subscribe|subscription|newsletter|signup|paywall|popup|modal|"
            + "breadcrumbs?|pagination|pager|outbrain|taboola|toolbar|skip-link|print-only|visually-hidden|sr-only|"
            + "screen-reader-text|tags|byline|dateline|author-bio|meta|metadata)([-_ ]|$)");
    private static final Pattern CONTENTISH = Pattern.compile("(?i)(^|[-_ ])(article|content|entry|post|story|"
            + "body|main|text|prose|blog|page)([-_ ]|$)");
    private static final String REMOVED = "script, style, noscript, template, nav, aside, iframe, svg, canvas, "
            + "button, input, select, textarea, dialog, object, embed, [hidden], [aria-hidden=true], "
            + "[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=dialog], "
            + "[role=alertdialog], [style~=(?i)display:\\s*none], [style~=(?i)visibility:\\s*hidden]";
    private static final int LEVELS = 3;

    private MainContent() {
    }

    static Element find(Document document, String title) {
        Element body = document.clone().body();
        body.select(REMOVED).remove();
        removeBoilerplate(body);
        ProseBlocks prose = ProseBlocks.of(body);
        Element marked = body.selectFirst("[itemprop=articleBody]");
        if (marked != null && prose.length(marked) > prose.length(body) * 0.5) {
            return marked;
        }
        Element best = best(body, titleHeading(body, title));
        return best == null ? body : withSiblings(climb(best, prose));
    }

    private static void removeBoilerplate(Element body) {
        ProseBlocks prose = ProseBlocks.of(body);
        double half = prose.length(body) * 0.5;
        for (Element e : body.select("header, footer, form")) {
            if (e.parent() != null && prose.length(e) < half) {
                e.remove();
            }
        }
        for (Element e : body.select("[class], [id]")) {
            if (e.parent() != null && !e.is("main, article") && boilerplate(e, prose) && prose.length(e) < half) {
                e.remove();
            }
        }
        List<Element> teasers = new ArrayList<>();
        double inTeasers = 0;
        for (Element e : body.select("*")) {
            if (teaserList(e) && teasers.stream().noneMatch(t -> e.parents().contains(t))) {
                teasers.add(e);
                inTeasers += prose.length(e);
            }
        }
        if (prose.length(body) - inTeasers >= 300) {
            teasers.forEach(Element::remove);
        }
    }

    private static boolean boilerplate(Element e, ProseBlocks prose) {
        String names = e.className() + " " + e.id();
        return BOILERPLATE.matcher(names).find() && !(CONTENTISH.matcher(names).find() && prose.length(e) > 400);
    }

    /** A list of at least three items, most of which start with a linked heading: teasers of other pages. */
    static boolean teaserList(Element e) {
        int items = e.childrenSize();
        if (items < 3) {
            return false;
        }
        long teasers = e.children().stream()
                .filter(c -> !c.select("h2 a, h3 a, h4 a, h5 a, h6 a, a h2, a h3, a h4, a h5, a h6").isEmpty())
                .count();
        return teasers >= 3 && teasers >= 0.6 * items;
    }

    private static Element best(Element root, Element heading) {
        Map<Element, Double> votes = new IdentityHashMap<>();
        Map<Element, Integer> order = new IdentityHashMap<>();
        root.getAllElements().forEach(e -> order.put(e, order.size()));
        for (Element block : root.getAllElements()) {
            if (!ProseBlocks.isBlock(block) || block.parents().stream().anyMatch(p -> p.is(ProseBlocks.PARAGRAPHS))) {
                continue;
            }
            double weight = ProseBlocks.weight(ProseBlocks.text(block));
            Element holder = block.is(ProseBlocks.PARAGRAPHS) ? block.parent() : block;
            for (int level = 1; level <= LEVELS && holder != null; level++, holder = holder.parent()) {
                votes.merge(holder, weight / level, Double::sum);
            }
        }
        Element best = null;
        double bestScore = 0;
        for (Map.Entry<Element, Double> entry : votes.entrySet()) {
            double score = entry.getValue() * (1 - linkDensity(entry.getKey())) * bias(entry.getKey())
                    * (underTitle(entry.getKey(), heading, order) ? 1.4 : 1);
            if (score > bestScore) {
                best = entry.getKey();
                bestScore = score;
            }
        }
        return best;
    }

    /** The heading (h1 or h2) that repeats the page title, or null. */
    static Element titleHeading(Element root, String title) {
        if (title == null) {
            return null;
        }
        String wanted = normal(title);
        for (Element heading : root.select("h1, h2")) {
            String text = normal(heading.text());
            if (!text.isEmpty() && (text.equals(wanted) || wanted.startsWith(text) && text.length() > 15)) {
                return heading;
            }
        }
        return null;
    }

    private static String normal(String text) {
        return text.toLowerCase(java.util.Locale.ROOT).replaceAll("[\\p{Punct}\\s]+", " ").strip();
    }

    /**
     * Whether a candidate sits where an article's body sits: inside the title heading's section (its grandparent,
     * or parent when that is the body) and either holding the heading or coming after it.
     */
    private static boolean underTitle(Element e, Element heading, Map<Element, Integer> order) {
        if (heading == null || heading.parent() == null || e.is("body")) {
            return false;
        }
        Element scope = heading.parent().parent();
        if (scope == null || scope.is("body, html")) {
            scope = heading.parent();
        }
        boolean inScope = e == scope || e.parents().contains(scope);
        return inScope && (heading.parents().contains(e) || order.getOrDefault(e, 0) > order.getOrDefault(heading, 0));
    }

    private static double bias(Element e) {
        double bias = e.is("article, main, [role=main], [itemprop=articleBody]") ? 1.3 : 1;
        String names = e.className() + " " + e.id();
        if (CONTENTISH.matcher(names).find()) {
            bias *= 1.2;
        }
        if (BOILERPLATE.matcher(names).find()) {
            bias *= 0.5;
        }
        return e.is("body") ? bias * 0.8 : bias;
    }

    private static Element climb(Element best, ProseBlocks prose) {
        Element current = best;
        boolean moved = true;
        while (moved) {
            moved = false;
            Element ancestor = current.parent();
            for (int level = 0; level < 6 && ancestor != null && !ancestor.is("body, html"); level++) {
                if (prose.length(ancestor) >= 1.5 * prose.length(current) && linkDensity(ancestor) < 0.35) {
                    current = ancestor;
                    moved = true;
                    break;
                }
                ancestor = ancestor.parent();
            }
        }
        return current;
    }

    /** The best element, or a new container of it and the sibling blocks that read as part of the same text. */
    private static Element withSiblings(Element best) {
        Element parent = best.parent();
        if (parent == null || best.is("body")) {
            return best;
        }
        Element merged = new Element("div");
        boolean others = false;
        for (Element sibling : parent.children()) {
            if (sibling == best) {
                merged.appendChild(sibling.clone());
            } else if (readsAsContent(sibling)) {
                merged.appendChild(sibling.clone());
                others = true;
            }
        }
        return others ? merged : best;
    }

    private static boolean readsAsContent(Element sibling) {
        double links = linkDensity(sibling);
        if (sibling.is("p, pre, blockquote, ul, ol, table, figure")) {
            return links < 0.3 && TextMeasure.length(sibling.text()) >= 60 || sibling.is("pre");
        }
        return false;
    }

    static double linkDensity(Element element) {
        int total = element.text().length();
        if (total == 0) {
            return 1;
        }
        int linked = 0;
        for (Element a : element.select("a")) {
            linked += a.text().length();
        }
        return Math.min(1, (double) linked / total);
    }
}
