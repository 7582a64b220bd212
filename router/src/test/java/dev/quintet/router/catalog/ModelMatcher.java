package dev.quintet.router.catalog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Maps a provider's own model name onto an OpenRouter-style id, by the slug with punctuation ignored. */
final class ModelMatcher {

    private final Map<String, List<String>> byKey = new HashMap<>();

    void add(String id) {
        if (id.contains(":") || id.startsWith("~")) {
            return;
        }
        byKey.computeIfAbsent(key(id.substring(id.indexOf('/') + 1)), k -> new ArrayList<>()).add(id);
    }

    /**
     * The id for {@code upstream}: a known id with the same slug (of {@code author}, for a first-party provider), else
     * {@code author/name} for first-party providers, {@code org/name} where the name carries an org, else null.
     */
    String idFor(String upstream, String author) {
        String lower = upstream.toLowerCase(Locale.ROOT);
        List<String> found = byKey.getOrDefault(key(lower.substring(lower.lastIndexOf('/') + 1)), List.of());
        if (author != null) {
            return found.stream().filter(id -> id.startsWith(author + "/")).findFirst()
                    .orElse(lower.contains("/") ? null : author + "/" + lower);
        }
        if (found.size() == 1) {
            return found.getFirst();
        }
        if (lower.contains("/")) {
            String org = lower.substring(0, lower.indexOf('/') + 1);
            return found.stream().filter(id -> id.startsWith(org)).findFirst().orElse(lower);
        }
        return found.isEmpty() ? null : found.stream().sorted().findFirst().orElseThrow();
    }

    static String key(String slug) {
        return slug.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
