package dev.quintet.capture.extract;

import java.util.List;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/** Writes an HTML fragment as Markdown: headings, paragraphs, lists, tables, links, emphasis, code, quotes, images. */
final class MarkdownWriter {

    private MarkdownWriter() {
    }

    static String write(Element root) {
        StringBuilder out = new StringBuilder();
        children(root, out);
        return out.toString().replaceAll("[ \\t]+\\n", "\n").replaceAll("\\n{3,}", "\n\n").strip();
    }

    private static void children(Element element, StringBuilder out) {
        for (Node child : element.childNodes()) {
            node(child, out);
        }
    }

    private static void table(Element table, StringBuilder out) {
        out.append("\n\n");
        boolean first = true;
        for (Element row : table.select("tr")) {
            List<String> cells = row.select("th, td").stream().map(c -> c.text().replace("|", "\\|")).toList();
            out.append("| ").append(String.join(" | ", cells)).append(" |\n");
            if (first) {
                out.append("|").append(" --- |".repeat(Math.max(1, cells.size()))).append('\n');
                first = false;
            }
        }
        out.append('\n');
    }

    private static void node(Node node, StringBuilder out) {
        if (node instanceof TextNode text) {
            out.append(text.text().replaceAll("\\s+", " "));
            return;
        }
        if (!(node instanceof Element e)) {
            return;
        }
        String tag = e.normalName();
        switch (tag) {
            case "h1", "h2", "h3", "h4", "h5", "h6" -> out.append("\n\n").append("#".repeat(tag.charAt(1) - '0'))
                    .append(' ').append(e.text()).append("\n\n");
            case "p", "div", "section", "article", "main", "figure" -> {
                out.append("\n\n");
                children(e, out);
                out.append("\n\n");
            }
            case "br" -> out.append("  \n");
            case "strong", "b" -> out.append("**").append(e.text()).append("**");
            case "em", "i" -> out.append('_').append(e.text()).append('_');
            case "code" -> out.append('`').append(e.text()).append('`');
            case "pre" -> out.append("\n\n```\n").append(e.wholeText().strip()).append("\n```\n\n");
            case "a" -> out.append('[').append(e.text()).append("](").append(e.attr("href")).append(')');
            case "img" -> out.append("![").append(e.attr("alt")).append("](").append(e.attr("src")).append(')');
            case "blockquote" -> out.append("\n\n> ").append(e.text()).append("\n\n");
            case "li" -> {
                boolean ordered = e.parent() != null && e.parent().normalName().equals("ol");
                out.append('\n').append(ordered ? (e.elementSiblingIndex() + 1) + ". " : "- ");
                children(e, out);
            }
            case "table" -> table(e, out);
            case "ul", "ol" -> {
                out.append("\n");
                children(e, out);
                out.append("\n\n");
            }
            default -> children(e, out);
        }
    }
}
