package dev.quintet.events.organizing;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.safety.Safelist;

/**
 * Organisers' HTML made safe to show: only jsoup's basic safelist survives (text formatting, lists, quotes and
 * http(s)/mailto links, which get {@code rel="nofollow"}); scripts, styles, event handlers and other URL schemes go.
 */
final class Html {

    /** A description as stored: the cleaned HTML and its plain text. */
    record Sanitized(String html, String text) {
    }

    private static final Document.OutputSettings COMPACT = new Document.OutputSettings().prettyPrint(false);

    private Html() {
    }

    static Sanitized sanitize(String html) {
        String clean = Jsoup.clean(html, "", Safelist.basic(), COMPACT);
        return new Sanitized(clean, Jsoup.parseBodyFragment(clean).text());
    }

    /** The text of an HTML snippet, for fields such as a name that hold no markup. */
    static String text(String html) {
        return Jsoup.parseBodyFragment(html).text();
    }
}
