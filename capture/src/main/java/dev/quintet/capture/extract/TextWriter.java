package dev.quintet.capture.extract;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/** Writes an HTML fragment as plain text: blocks (paragraphs, headings, list items) apart, table rows one a line. */
final class TextWriter {

    private static final String BLOCKS = "p, div, section, article, main, h1, h2, h3, h4, h5, h6, li, dt, dd, ul, ol, "
            + "dl, blockquote, figure, figcaption, table, header, footer, address, details, summary, center, hr";

    private TextWriter() {
    }

    static String write(Element root) {
        StringBuilder out = new StringBuilder();
        walk(root, out);
        return out.toString().replaceAll("[ \\t\\u00a0]+\\n", "\n")
                .replaceAll("\\n{3,}", "\n\n").strip();
    }

    private static void walk(Element element, StringBuilder out) {
        for (Node child : element.childNodes()) {
            if (child instanceof TextNode text) {
                String flat = text.text().replaceAll("\\s+", " ");
                if (out.isEmpty() || out.charAt(out.length() - 1) == '\n' || out.charAt(out.length() - 1) == ' ') {
                    flat = flat.stripLeading();
                }
                out.append(flat);
            } else if (child instanceof Element e) {
                if (e.is("br")) {
                    out.append('\n');
                } else if (e.is("pre")) {
                    out.append("\n\n").append(e.wholeText().strip()).append("\n\n");
                } else if (e.is("td, th")) {
                    out.append(out.isEmpty() || out.charAt(out.length() - 1) == '\n' ? "" : "\t");
                    walk(e, out);
                } else if (e.is("tr")) {
                    out.append(out.isEmpty() || out.charAt(out.length() - 1) == '\n' ? "" : "\n");
                    walk(e, out);
                    out.append('\n');
                } else if (e.is(BLOCKS)) {
                    out.append("\n\n");
                    walk(e, out);
                    out.append("\n\n");
                } else {
                    walk(e, out);
                }
            }
        }
    }
}
