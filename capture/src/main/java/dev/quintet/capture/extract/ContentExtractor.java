package dev.quintet.capture.extract;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/** Extracts metadata and the main content (as HTML, text and Markdown) from a page's HTML. */
public final class ContentExtractor {

    private static final int MAX_LIST = 500;
    private static final int WORDS_PER_MINUTE = 230;

    /** Extracts from {@code html} as served at {@code url} (null for posted HTML). */
    public Extraction extract(String html, String url) {
        return extract(Jsoup.parse(html, url == null || url.startsWith("about:") ? "" : url), url);
    }

    /** Extracts from a parsed document; its location is the base of relative links. */
    public Extraction extract(Document doc, String url) {
        PageMetadata meta = new PageMetadata(doc);
        absolutise(doc);
        String title = meta.title();
        Element content = ContentCleaner.clean(fromJsonLdWhenLonger(MainContent.find(doc, title), meta.jsonLd()), title);
        String text = TextWriter.write(content);
        int words = TextMeasure.words(text);
        String description = meta.description();
        return new Extraction(url, title, meta.byline(), meta.siteName(), meta.lang(), meta.publishedAt(),
                meta.modifiedAt(), description != null ? description : excerpt(text), meta.leadImage(),
                meta.canonicalUrl(), content.html(), text, MarkdownWriter.write(content), words,
                Math.max(1, (int) Math.ceil(words / (double) WORDS_PER_MINUTE)), headings(content), images(content),
                links(content), meta.asMap());
    }

    /** The page's JSON-LD {@code articleBody} when it holds clearly more text than the markup found. */
    private static Element fromJsonLdWhenLonger(Element found, JsonLd jsonLd) {
        String body = jsonLd.text("articleBody");
        if (body == null || TextMeasure.length(body) < 1.5 * TextMeasure.length(found.text())) {
            return found;
        }
        Element article = new Element("div");
        for (String paragraph : body.split("\\n\\s*\\n|\\r?\\n")) {
            if (!paragraph.isBlank()) {
                article.appendElement("p").text(paragraph.strip());
            }
        }
        return article;
    }

    private static void absolutise(Document doc) {
        for (Element img : doc.select("img")) {
            String src = img.attr("src");
            if (src.isEmpty() || src.startsWith("data:")) {
                for (String lazy : List.of("data-src", "data-lazy-src", "data-original")) {
                    if (img.hasAttr(lazy)) {
                        img.attr("src", img.attr(lazy));
                        break;
                    }
                }
            }
        }
        doc.select("a[href]").forEach(a -> a.attr("href", orRaw(a.absUrl("href"), a.attr("href"))));
        doc.select("img[src]").forEach(i -> i.attr("src", orRaw(i.absUrl("src"), i.attr("src"))));
    }

    private static String excerpt(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        if (flat.isEmpty()) {
            return null;
        }
        int cut = flat.lastIndexOf(' ', 300);
        return flat.length() <= 300 ? flat : flat.substring(0, cut > 0 ? cut : 300) + "…";
    }

    private static List<Extraction.Heading> headings(Element content) {
        return content.select("h1, h2, h3, h4, h5, h6").stream().filter(Element::hasText).limit(MAX_LIST)
                .map(h -> new Extraction.Heading(h.normalName().charAt(1) - '0', h.text())).toList();
    }

    private static List<Extraction.Link> links(Element content) {
        Set<String> seen = new LinkedHashSet<>();
        return content.select("a[href]").stream()
                .filter(a -> a.attr("href").startsWith("http") && seen.add(a.attr("href"))).limit(MAX_LIST)
                .map(a -> new Extraction.Link(a.attr("href"), a.text())).toList();
    }

    private static List<Extraction.Image> images(Element content) {
        return content.select("img[src]").stream().filter(i -> !i.attr("src").startsWith("data:")).limit(MAX_LIST)
                .map(i -> new Extraction.Image(i.attr("src"), i.attr("alt").isEmpty() ? null : i.attr("alt")))
                .toList();
    }

    private static String orRaw(String absolute, String raw) {
        return absolute.isEmpty() ? raw : absolute;
    }
}
