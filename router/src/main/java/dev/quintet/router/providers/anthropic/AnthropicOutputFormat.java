package dev.quintet.router.providers.anthropic;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code json_schema} response format as Anthropic's structured output, {@code output_config.format}: Claude then
 * answers with JSON that the schema allows. Anthropic takes it on Claude Haiku 4.5, Sonnet 4.5 and 4.6 and Opus 4.5
 * to 4.7; the catalog lists {@code response_format} for those endpoints only, and the router drops the field before
 * other endpoints. Anthropic requires {@code additionalProperties: false} on every object schema, which OpenAI's
 * schemas outside strict mode may leave out: it is added where a schema says nothing (a schema that allows more
 * properties is sent as it is, for Anthropic to refuse). {@code json_object} has no counterpart and is not sent. The
 * schemas of strict tools are closed the same way ({@link #closed}).
 */
final class AnthropicOutputFormat {

    /** Keywords whose value is a map of names to schemas. */
    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "$defs", "definitions");
    /** Keywords whose value is one schema. */
    private static final List<String> SCHEMAS = List.of("items", "additionalProperties", "not", "contains", "if",
            "then", "else");
    /** Keywords whose value is a list of schemas. */
    private static final List<String> SCHEMA_LISTS = List.of("anyOf", "allOf", "oneOf", "prefixItems");

    private AnthropicOutputFormat() {
    }

    /** Sets {@code out}'s {@code output_config.format} from {@code body}'s {@code response_format}, if a schema. */
    static void apply(JsonNode body, ObjectNode out) {
        JsonNode format = body.path("response_format");
        JsonNode schema = format.path("json_schema").path("schema");
        if (!format.path("type").asString("").equals("json_schema") || !(schema instanceof ObjectNode given)) {
            return;
        }
        out.putObject("output_config").putObject("format").put("type", "json_schema").set("schema", closed(given));
    }

    /**
     * A copy of {@code schema} with {@code additionalProperties: false} on every object schema that sets none, as
     * Anthropic requires of structured output and strict tools.
     */
    static ObjectNode closed(ObjectNode schema) {
        ObjectNode copy = schema.deepCopy();
        close(copy);
        return copy;
    }

    private static void close(JsonNode schema) {
        if (!(schema instanceof ObjectNode node)) {
            return;
        }
        if (isObject(node) && !node.has("additionalProperties")) {
            node.put("additionalProperties", false);
        }
        SCHEMA_MAPS.forEach(k -> node.path(k).values().forEach(AnthropicOutputFormat::close));
        SCHEMAS.forEach(k -> close(node.get(k)));
        SCHEMA_LISTS.forEach(k -> node.path(k).values().forEach(AnthropicOutputFormat::close));
    }

    private static boolean isObject(ObjectNode schema) {
        JsonNode type = schema.path("type");
        return type.asString("").equals("object") || schema.has("properties")
                || type.isArray() && type.valueStream().anyMatch(t -> t.asString("").equals("object"));
    }
}
