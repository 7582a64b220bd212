package dev.quintet.capture.extract;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Tidies the main content for output: drops what is left of boilerplate inside it (link lists, ad labels, share
 * and byline blocks, a heading that repeats the title, empty wrappers) and keeps only the
 * attributes that carry meaning.
 */
final class ContentCleaner {

    private static final Pattern AD_LABEL = Pattern.compile("(?iu)^(advertisement|advertising|ad|anzeige|werbung|"
            + "publicité|publicidad|pubblicità|реклама|広告|广告|廣告|إعلان|sponsored( content)?)$");
    private static final Set<String> KEPT = Set.of("href", "src", "alt", "title", "colspan", "rowspan", "datetime",
            "lang", "dir", "start", "cite");

    private ContentCleaner() {
    }

    static Element clean(Element content, String title) {
        Element copy = content.clone();
        for (Element e : copy.select("[class], [id]")) {
            if (e.parent() != null && e != copy && MainContent.BOILERPLATE.matcher(e.className() + " " + e.id()).find()
                    && ProseBlocks.of(e).length(e) < 400) {
                e.remove();
            }
        }
        for (Element block : copy.select("ul, ol, div, section, table, p, dl")) {
            if (block.parent() != null && linkList(block)) {
                block.remove();
            }
        }
        for (Element e : copy.select("div, p, span, small, aside")) {
            if (e.parent() != null && AD_LABEL.matcher(e.text().strip()).matches()) {
                e.remove();
            }
        }
        dropTitleHeading(copy, title);
        for (Element e : copy.getAllElements()) {
            e.attributes().asList().stream().map(a -> a.getKey()).filter(k -> !KEPT.contains(k.toLowerCase(Locale.ROOT)))
                    .toList().forEach(e::removeAttr);
        }
        for (Element e : copy.select("div, span, section, p, ul, ol, figure")) {
            if (e.parent() != null && !e.hasText() && e.select("img, pre, table, br, hr").isEmpty()) {
                e.remove();
            }
        }
        return copy;
    }

    private static boolean linkList(Element block) {
        int length = block.text().length();
        double density = MainContent.linkDensity(block);
        if (block.is("p")) {
            return length > 0 && length < 120 && density > 0.8;
        }
        return length > 0 && (density > 0.6 || density > 0.35 && length < 200);
    }

    private static void dropTitleHeading(Element content, String title) {
        Element heading = MainContent.titleHeading(content, title);
        if (heading != null) {
            heading.remove();
        }
    }
}
