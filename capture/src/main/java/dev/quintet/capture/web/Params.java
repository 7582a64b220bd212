package dev.quintet.capture.web;

import dev.quintet.platform.errors.ApiException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The parameters of one capture request, from a query string or a JSON body alike, read with rules: every
 * broken rule is a 400 naming the parameter, the rule and the value given.
 */
public final class Params {

    private static final Set<String> ALWAYS_ALLOWED = Set.of("api_key");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Map<String, String> values;

    private Params(Map<String, String> values) {
        this.values = values;
    }

    /** Query parameters; a parameter given twice is refused. */
    public static Params ofQuery(Map<String, List<String>> query) {
        Map<String, String> values = new LinkedHashMap<>();
        query.forEach((name, list) -> {
            if (list.size() > 1) {
                throw ApiException.invalidParameter(name, name + " must be given once, got " + list.size() + " values");
            }
            values.put(name, list.isEmpty() || list.getFirst() == null ? "" : list.getFirst());
        });
        return new Params(values);
    }

    /**
     * A JSON object body; values are strings, numbers or booleans, or (for the few parameters that take them)
     * objects and arrays, kept as JSON text, so a query string can give the same value as JSON text.
     */
    public static Params ofJson(Map<String, Object> body) {
        if (body == null) {
            throw new ApiException(400, "invalid_body", "request body must be a JSON object");
        }
        Map<String, String> values = new LinkedHashMap<>();
        body.forEach((name, value) -> {
            if (value == null) {
                return;
            }
            if (value instanceof Map<?, ?> || value instanceof List<?>) {
                values.put(name, JSON.writeValueAsString(value));
            } else if (value instanceof String || value instanceof Number || value instanceof Boolean) {
                values.put(name, value.toString());
            } else {
                throw ApiException.invalidParameter(name, name + " must be a string, number or boolean");
            }
        });
        return new Params(values);
    }

    /** Refuses parameters this route does not know, so a misspelt option is not silently ignored. */
    public Params onlyKnown(Set<String> known) {
        for (String name : values.keySet()) {
            if (!known.contains(name) && !ALWAYS_ALLOWED.contains(name)) {
                throw ApiException.invalidParameter(name, "unknown parameter " + name + "; known parameters: "
                        + String.join(", ", new TreeSet<>(known)));
            }
        }
        return this;
    }

    public Optional<String> text(String name) {
        String value = values.get(name);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    public Optional<String> text(String name, int maxLength) {
        Optional<String> value = text(name);
        value.ifPresent(v -> {
            if (v.length() > maxLength) {
                throw ApiException.invalidParameter(name, name + " must be at most " + maxLength
                        + " characters, got " + v.length());
            }
        });
        return value;
    }

    public int integer(String name, int min, int max, int fallback) {
        Optional<String> raw = text(name);
        if (raw.isEmpty()) {
            return fallback;
        }
        long value;
        try {
            value = Long.parseLong(raw.get().strip());
        } catch (NumberFormatException e) {
            throw ApiException.invalidParameter(name, name + " must be an integer " + min + ".." + max + ", got "
                    + shown(raw.get()));
        }
        if (value < min || value > max) {
            throw ApiException.invalidParameter(name, name + " must be " + min + ".." + max + ", got " + value);
        }
        return (int) value;
    }

    public double decimal(String name, double min, double max, double fallback) {
        Optional<String> raw = text(name);
        if (raw.isEmpty()) {
            return fallback;
        }
        double value;
        try {
            value = Double.parseDouble(raw.get().strip());
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (Double.isNaN(value) || value < min || value > max) {
            throw ApiException.invalidParameter(name, name + " must be a number " + trim(min) + ".." + trim(max)
                    + ", got " + shown(raw.get()));
        }
        return value;
    }

    public boolean flag(String name, boolean fallback) {
        Optional<String> raw = text(name);
        if (raw.isEmpty()) {
            return fallback;
        }
        return switch (raw.get().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes" -> true;
            case "false", "0", "no" -> false;
            default -> throw ApiException.invalidParameter(name, name + " must be true or false, got "
                    + shown(raw.get()));
        };
    }

    /** One of {@code choices} (compared ignoring case), returned as listed there. */
    public String choice(String name, List<String> choices, String fallback) {
        Optional<String> raw = text(name);
        if (raw.isEmpty()) {
            return fallback;
        }
        return choices.stream().filter(c -> c.equalsIgnoreCase(raw.get().strip())).findFirst()
                .orElseThrow(() -> ApiException.invalidParameter(name, name + " must be one of "
                        + String.join(", ", choices) + ", got " + shown(raw.get())));
    }

    /**
     * The parameters as sorted {@code name=value} lines, leaving out those in {@code excluded}: the same request
     * asked twice, in any order or form (query or body), gives the same text.
     */
    String canonical(Set<String> excluded) {
        StringBuilder text = new StringBuilder();
        new java.util.TreeMap<>(values).forEach((name, value) -> {
            if (!excluded.contains(name)) {
                text.append(name).append('=').append(value.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
            }
        });
        return text.toString();
    }

    /** A JSON object, given as one in a body or as JSON text in a query string. */
    public Optional<JsonNode> object(String name, int maxLength) {
        return text(name, maxLength).map(raw -> {
            JsonNode node = parse(raw);
            if (node == null || !node.isObject()) {
                throw ApiException.invalidParameter(name, name + " must be a JSON object, got " + shown(raw));
            }
            return node;
        });
    }

    /**
     * A list of strings: a JSON array (in a body, or as JSON text in a query string), or text whose items are
     * separated by commas.
     */
    public List<String> list(String name, int maxItems, int maxItemLength) {
        Optional<String> raw = text(name, maxItems * (maxItemLength + 4));
        if (raw.isEmpty()) {
            return List.of();
        }
        List<String> items = new java.util.ArrayList<>();
        if (raw.get().strip().startsWith("[")) {
            JsonNode node = parse(raw.get());
            if (node == null || !node.isArray()) {
                throw ApiException.invalidParameter(name, name + " must be a JSON array of strings, got "
                        + shown(raw.get()));
            }
            for (JsonNode item : node) {
                if (!item.isString()) {
                    throw ApiException.invalidParameter(name, name + " must be a JSON array of strings");
                }
                items.add(item.asString());
            }
        } else {
            items.addAll(List.of(raw.get().split(",")));
        }
        List<String> clean = items.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (clean.size() > maxItems) {
            throw ApiException.invalidParameter(name, name + " takes at most " + maxItems + " items, got "
                    + clean.size());
        }
        for (String item : clean) {
            if (item.length() > maxItemLength) {
                throw ApiException.invalidParameter(name, "each item of " + name + " must be at most "
                        + maxItemLength + " characters, got " + item.length());
            }
        }
        return clean;
    }

    private static JsonNode parse(String raw) {
        try {
            return JSON.readTree(raw);
        } catch (JacksonException e) {
            return null;
        }
    }

    static String shown(String value) {
        String clean = value.replaceAll("\\p{Cntrl}", "?");
        return clean.length() > 40 ? "\"" + clean.substring(0, 40) + "...\"" : "\"" + clean + "\"";
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
