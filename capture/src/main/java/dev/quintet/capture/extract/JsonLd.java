package dev.quintet.capture.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON-LD blocks of a page, parsed into maps and lists, and the node that describes the page's article (the
 * first whose {@code @type} is an article or posting type, else the first with a headline or publication date).
 *
 * @param blocks each parsed {@code <script type="application/ld+json">}, as written
 * @param article the article node, or an empty map
 */
record JsonLd(List<Object> blocks, Map<String, Object> article) {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> ARTICLE_TYPES = Set.of("article", "newsarticle", "blogposting", "reportage",
            "techarticle", "scholarlyarticle", "report", "analysisnewsarticle", "opinionnewsarticle",
            "reviewnewsarticle", "socialmediaposting", "liveblogposting", "discussionforumposting", "howto", "recipe");
    private static final int MAX_BLOCKS = 20;

    static JsonLd of(Document doc) {
        List<Object> blocks = new ArrayList<>();
        for (Element script : doc.select("script[type~=(?i)application/ld\\+json]")) {
            if (blocks.size() == MAX_BLOCKS) {
                break;
            }
            String text = script.data().strip().replaceAll("^(<!--|//\\s*<!\\[CDATA\\[)|(-->|//\\s*]]>)$", "")
                    .strip();
            try {
                blocks.add(JSON.readValue(text, Object.class));
            } catch (JacksonException e) {
                // a broken block is skipped, as browsers and search engines do
            }
        }
        List<Map<String, Object>> nodes = new ArrayList<>();
        blocks.forEach(b -> collect(b, nodes, 0));
        Map<String, Object> article = nodes.stream().filter(JsonLd::isArticle).findFirst()
                .or(() -> nodes.stream().filter(n -> n.containsKey("headline") || n.containsKey("datePublished"))
                        .findFirst())
                .orElse(Map.of());
        return new JsonLd(List.copyOf(blocks), article);
    }

    @SuppressWarnings("unchecked")
    private static void collect(Object value, List<Map<String, Object>> nodes, int depth) {
        if (depth > 3) {
            return;
        }
        if (value instanceof List<?> list) {
            list.forEach(item -> collect(item, nodes, depth + 1));
        } else if (value instanceof Map<?, ?> map) {
            nodes.add((Map<String, Object>) map);
            collect(map.get("@graph"), nodes, depth + 1);
            collect(map.get("mainEntity"), nodes, depth + 1);
        }
    }

    private static boolean isArticle(Map<String, Object> node) {
        Object type = node.get("@type");
        List<?> types = type instanceof List<?> l ? l : List.of(String.valueOf(type));
        return types.stream().anyMatch(t -> ARTICLE_TYPES.contains(String.valueOf(t).toLowerCase(Locale.ROOT)));
    }

    /** A text field of the article node; for objects their {@code name} (or {@code url}), lists joined. */
    String text(String field) {
        List<String> values = names(article.get(field));
        return values.isEmpty() ? null : String.join(", ", values);
    }

    static List<String> names(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof String s && !s.isBlank()) {
            out.add(s.strip());
        } else if (value instanceof Number n) {
            out.add(n.toString());
        } else if (value instanceof Map<?, ?> map) {
            Object name = map.get("name") != null ? map.get("name") : map.get("url");
            if (name instanceof String s && !s.isBlank()) {
                out.add(s.strip());
            }
        } else if (value instanceof List<?> list) {
            list.stream().limit(20).forEach(item -> names(item).stream().findFirst().ifPresent(out::add));
        }
        return out.stream().distinct().toList();
    }
}
