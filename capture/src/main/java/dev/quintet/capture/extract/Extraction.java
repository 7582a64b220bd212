package dev.quintet.capture.extract;

import java.util.List;
import java.util.Map;

/**
 * What extraction found on a page. Absent values are null and left out of the JSON answer.
 *
 * @param url the page's final URL (null for posted HTML)
 * @param title the article title
 * @param byline the author or authors
 * @param siteName the site name
 * @param lang the page language
 * @param publishedAt publication time, ISO-8601 (UTC when the page gives an offset)
 * @param modifiedAt last modification time, ISO-8601 (UTC when the page gives an offset)
 * @param excerpt the page's description, else the first sentences of the main text
 * @param leadImageUrl the lead image, absolute
 * @param canonicalUrl the canonical URL the page declares, absolute
 * @param contentHtml the main content as cleaned HTML with absolute links
 * @param contentText the main content as plain text, blocks separated by blank lines
 * @param contentMarkdown the main content as Markdown
 * @param wordCount words in the main text (CJK characters count one each)
 * @param readingMinutes minutes to read the main text at 230 words a minute, at least 1
 * @param headings the headings of the main content
 * @param images absolute images of the main content
 * @param links absolute links of the main content
 * @param metadata {@code og} (Open Graph), {@code twitter} (Twitter card), {@code meta} (other meta tags) and
 *     {@code json_ld} (the page's JSON-LD blocks, parsed)
 */
public record Extraction(String url, String title, String byline, String siteName, String lang, String publishedAt,
                         String modifiedAt, String excerpt, String leadImageUrl, String canonicalUrl,
                         String contentHtml, String contentText, String contentMarkdown, int wordCount,
                         int readingMinutes, List<Heading> headings, List<Image> images, List<Link> links,
                         Map<String, Object> metadata) {

    /** A heading: its level 1..6 and text. */
    public record Heading(int level, String text) {
    }

    /** A link: absolute href and its text. */
    public record Link(String href, String text) {
    }

    /** An image: absolute source and alternative text. */
    public record Image(String src, String alt) {
    }
}
