package dev.quintet.packages.registry;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Lenient reads of upstream JSON: absent, null or wrongly typed fields read as null or empty. */
public final class JsonFields {

    private JsonFields() {
    }

    public static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null || v.isNull() || v.isMissingNode() || v.isContainer()) {
            return null;
        }
        String s = v.asString();
        return s == null || s.isBlank() ? null : s.strip();
    }

    public static List<String> texts(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        List<String> out = new ArrayList<>();
        if (v != null && v.isArray()) {
            for (JsonNode item : v.values()) {
                if (item.isString() && !item.asString().isBlank()) {
                    out.add(item.asString().strip());
                }
            }
        } else if (v != null && v.isString() && !v.asString().isBlank()) {
            out.add(v.asString().strip());
        }
        return out;
    }

    public static Instant instant(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text.strip()).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return java.time.LocalDateTime.parse(text.strip()).toInstant(java.time.ZoneOffset.UTC);
            } catch (DateTimeParseException again) {
                return null;
            }
        }
    }

    /** The repository URL in browsable form: {@code git+https://github.com/a/b.git} becomes {@code https://github.com/a/b}. */
    public static String repositoryUrl(String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String url = raw.strip();
        if (url.matches("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")) {
            url = "https://github.com/" + url;
        } else if (url.startsWith("github:")) {
            url = "https://github.com/" + url.substring(7);
        }
        url = url.replaceFirst("^git\\+", "").replaceFirst("^scm:git:", "").replaceFirst("^git://", "https://")
                .replaceFirst("^ssh://git@", "https://").replaceFirst("^git@([^:]+):", "https://$1/");
        url = url.contains("?") ? url : url.replaceFirst("\\.git$", "").replaceFirst("/$", "");
        return url.startsWith("http://") || url.startsWith("https://") ? url : null;
    }
}
