package dev.quintet.router.catalog;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the catalog's JSON format: {@code {"version", "source", "models":[{id, name, ..., endpoints:[...]}]}}. */
final class CatalogFile {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private CatalogFile() {
    }

    static Catalog read(java.io.InputStream in) {
        try {
            JsonNode root = JSON.readTree(in);
            List<Model> models = new ArrayList<>();
            for (JsonNode m : root.path("models")) {
                models.add(model(m));
            }
            return new Catalog(root.path("version").asString(""), models);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("the catalog is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    static Model model(JsonNode m) {
        List<Endpoint> endpoints = new ArrayList<>();
        for (JsonNode e : m.path("endpoints")) {
            endpoints.add(endpoint(e));
        }
        return new Model(m.path("id").asString(null), m.path("name").asString(null), m.path("created").asLong(0),
                m.path("description").asString(null), integer(m, "context_length"),
                strings(m.path("input_modalities")), strings(m.path("output_modalities")), endpoints);
    }

    static Endpoint endpoint(JsonNode e) {
        JsonNode params = e.get("supported_parameters");
        return new Endpoint(e.path("provider").asString(null), e.path("model").asString(null),
                pricing(e.path("pricing")), integer(e, "context_length"), integer(e, "max_completion_tokens"),
                params == null || params.isNull() ? null : strings(params));
    }

    /** Prices from decimal strings (numbers are accepted too, read as decimals). */
    static Pricing pricing(JsonNode p) {
        return new Pricing(decimal(p, "prompt", true), decimal(p, "completion", true),
                decimal(p, "input_cache_read", false), decimal(p, "input_cache_write", false),
                decimal(p, "input_cache_write_1h", false), decimal(p, "internal_reasoning", false),
                p.has("request") ? decimal(p, "request", true) : BigDecimal.ZERO);
    }

    private static BigDecimal decimal(JsonNode p, String field, boolean required) {
        JsonNode v = p.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new IllegalArgumentException("pricing." + field + " is required");
            }
            return null;
        }
        try {
            return v.isNumber() ? v.decimalValue() : new BigDecimal(v.asString());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("pricing." + field + " must be a decimal string, got " + v);
        }
    }

    private static Integer integer(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asInt();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode s : array) {
            out.add(s.asString());
        }
        return out;
    }
}
