package dev.quintet.capture.extract;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * What a page says about itself, in order of trust: JSON-LD, then meta tags (Open Graph, Twitter card, article:*,
 * Dublin Core, name=author and the like), then markup ({@code <time>}, {@code rel=author}, bylines).
 */
final class PageMetadata {

    private final Document doc;
    private final Map<String, String> og = new LinkedHashMap<>();
    private final Map<String, String> twitter = new LinkedHashMap<>();
    private final Map<String, String> meta = new LinkedHashMap<>();
    private final JsonLd jsonLd;

    PageMetadata(Document doc) {
        this.doc = doc;
        for (Element tag : doc.select("meta[content]")) {
            String key = first(tag.attr("property"), tag.attr("name"), tag.attr("itemprop"), tag.attr("http-equiv"));
            if (key == null) {
                continue;
            }
            key = key.toLowerCase(Locale.ROOT);
            String value = tag.attr("content").strip();
            if (key.startsWith("og:")) {
                og.putIfAbsent(key.substring(3), value);
            } else if (key.startsWith("twitter:")) {
                twitter.putIfAbsent(key.substring(8), value);
            } else {
                meta.putIfAbsent(key, value);
            }
        }
        this.jsonLd = JsonLd.of(doc);
    }

    Map<String, Object> asMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("og", og);
        out.put("twitter", twitter);
        out.put("meta", meta);
        out.put("json_ld", jsonLd.blocks());
        return out;
    }

    JsonLd jsonLd() {
        return jsonLd;
    }

    String title() {
        return first(og.get("title"), jsonLd.text("headline"), twitter.get("title"), doc.title(),
                text(doc.selectFirst("h1")));
    }

    String description() {
        return first(meta.get("description"), og.get("description"), twitter.get("description"),
                jsonLd.text("description"));
    }

    String siteName() {
        return first(og.get("site_name"), meta.get("application-name"), JsonLd.names(
                jsonLd.article().get("publisher")).stream().findFirst().orElse(null));
    }

    String lang() {
        Element html = doc.selectFirst("html");
        return first(html == null ? null : html.attr("lang"), meta.get("content-language"), jsonLd.text("inLanguage"),
                og.get("locale") == null ? null : og.get("locale").replace('_', '-'));
    }

    String byline() {
        String author = first(jsonLd.text("author"), meta.get("author"), notUrl(meta.get("article:author")),
                meta.get("parsely-author"), meta.get("sailthru.author"), meta.get("dc.creator"),
                meta.get("dcterms.creator"), itemprop("author"), text(doc.selectFirst("[rel=author]")),
                shortText(doc.selectFirst(".byline, .author, .author-name, [class*=byline]")));
        return author == null ? null : author.replaceFirst("(?i)^(by|von|par|por|de)\\s+", "").strip();
    }

    String publishedAt() {
        return date(jsonLd.text("datePublished"), meta.get("article:published_time"), og.get("published_time"),
                meta.get("datepublished"), meta.get("date"), meta.get("pubdate"), meta.get("publish-date"),
                meta.get("dc.date"), meta.get("dc.date.issued"), meta.get("dcterms.created"), meta.get("parsely-pub-date"),
                jsonLd.text("dateCreated"), itemprop("datePublished"), attr("time[pubdate]", "datetime"),
                attr("time[datetime]", "datetime"));
    }

    String modifiedAt() {
        return date(jsonLd.text("dateModified"), meta.get("article:modified_time"), og.get("updated_time"),
                meta.get("datemodified"), meta.get("last-modified"), meta.get("dcterms.modified"),
                itemprop("dateModified"));
    }

    String leadImage() {
        String image = first(og.get("image"), og.get("image:url"), twitter.get("image"), twitter.get("image:src"),
                JsonLd.names(jsonLd.article().get("image")).stream().findFirst().orElse(null));
        return image == null ? null : absolute(image);
    }

    String canonicalUrl() {
        Element link = doc.selectFirst("link[rel=canonical][href]");
        String href = first(link == null ? null : link.attr("href"), og.get("url"));
        return href == null ? null : absolute(href);
    }

    String absolute(String href) {
        String base = doc.location();
        if (base.isEmpty()) {
            return href;
        }
        try {
            return java.net.URI.create(base).resolve(href.strip()).toString();
        } catch (IllegalArgumentException e) {
            return href;
        }
    }

    private String itemprop(String name) {
        Element e = doc.selectFirst("[itemprop=" + name + "]");
        if (e == null) {
            return null;
        }
        Element inner = e.selectFirst("[itemprop=name]");
        return first(e.attr("content"), e.attr("datetime"), inner == null ? null : inner.text(), shortText(e));
    }

    private String attr(String selector, String attribute) {
        Element e = doc.selectFirst(selector);
        return e == null ? null : e.attr(attribute);
    }

    private static String date(String... candidates) {
        return Stream.of(candidates).map(PageDates::normalise).filter(d -> d != null).findFirst().orElse(null);
    }

    private static String notUrl(String value) {
        return value == null || value.matches("(?i)^https?://.*") ? null : value;
    }

    private static String shortText(Element e) {
        String text = text(e);
        return text == null || text.length() > 100 ? null : text;
    }

    static String text(Element e) {
        return e == null ? null : e.text();
    }

    static String first(String... values) {
        return Stream.of(values).filter(v -> v != null && !v.isBlank()).map(String::strip).findFirst().orElse(null);
    }
}
