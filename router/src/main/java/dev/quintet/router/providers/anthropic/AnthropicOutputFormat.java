package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.OpenAiRequests.FunctionTool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a request gets of Anthropic's structured output, which constrains answers to JSON schemas: a {@code json_schema}
 * response format becomes {@code output_config.format}, and function tools marked {@code strict} become strict tools,
 * whose calls always match their schema. Only endpoints that list {@code structured_outputs} get either (Claude Haiku
 * 4.5, Sonnet 4.5 and 4.6, Opus 4.5 to 4.8 in the catalog); elsewhere strict tools go as plain tools and the response
 * format is not sent (the router drops it before endpoints not listing it).
 *
 * <p>Anthropic requires {@code additionalProperties: false} on every object schema, which OpenAI's schemas outside
 * strict mode may leave out: it is added where a schema says nothing, but not within {@code allOf} or {@code not},
 * where it would change what the schema allows. Anthropic refuses a request whose constrained schemas together hold
 * more than {@value #MAX_STRICT_TOOLS} strict tools, {@value #MAX_OPTIONAL} optional properties or
 * {@value #MAX_UNIONS} properties of several types ({@code anyOf} or a list of types), or use recursion or the numeric,
 * length and item-count limits it does not take; and it refuses output formats with a prefill (a final assistant
 * message). Rather than turn a request that worked with plain tools into a refusal, strictness is given up first and
 * then the output format, until what is left is within those limits. {@code json_object} has no counterpart and is
 * not sent.
 *
 * @param strictTools whether the strict tools go strict
 * @param format the closed schema to send as {@code output_config.format}, or null
 */
record AnthropicOutputFormat(boolean strictTools, ObjectNode format) {

    static final int MAX_STRICT_TOOLS = 20;
    static final int MAX_OPTIONAL = 24;
    static final int MAX_UNIONS = 16;
    private static final AnthropicOutputFormat NONE = new AnthropicOutputFormat(false, null);
    /** Keywords whose value is a map of names to schemas. */
    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "$defs", "definitions");
    /** Keywords whose value is one schema (or, for {@code items}, a list of them). */
    private static final List<String> SCHEMAS = List.of("items", "additionalItems", "additionalProperties", "contains",
            "if", "then", "else");
    /** Keywords whose value is a list of schemas. */
    private static final List<String> SCHEMA_LISTS = List.of("anyOf", "oneOf", "prefixItems");
    /** Keywords Anthropic's structured output does not take. */
    private static final List<String> REFUSED = List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
            "multipleOf", "minLength", "maxLength", "maxItems");

    /**
     * The structured output of {@code body} for an endpoint that does ({@code structured}) or does not take it;
     * {@code prefill} says whether the messages end with the assistant's.
     */
    static AnthropicOutputFormat of(JsonNode body, List<FunctionTool> functions, boolean structured, boolean prefill) {
        if (!structured) {
            return NONE;
        }
        List<ObjectNode> tools = functions.stream().filter(FunctionTool::strict).map(f -> closed(f.parameters()))
                .toList();
        JsonNode given = body.path("response_format");
        ObjectNode format = given.path("type").asString("").equals("json_schema") && !prefill
                && given.path("json_schema").path("schema") instanceof ObjectNode schema ? closed(schema) : null;
        List<ObjectNode> both = new ArrayList<>(tools);
        if (format != null) {
            both.add(format);
        }
        if (fits(both, tools.size())) {
            return new AnthropicOutputFormat(!tools.isEmpty(), format);
        }
        if (format != null && fits(List.of(format), 0)) {
            return new AnthropicOutputFormat(false, format);
        }
        return new AnthropicOutputFormat(!tools.isEmpty() && fits(tools, tools.size()), null);
    }

    /** A copy of {@code schema} with {@code additionalProperties: false} on every object schema that sets none. */
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
        subschemas(node).forEach(AnthropicOutputFormat::close);
    }

    /** The schemas directly within {@code schema} that it constrains alike ({@code allOf} and {@code not} left out). */
    private static List<JsonNode> subschemas(ObjectNode schema) {
        List<JsonNode> found = new ArrayList<>();
        SCHEMA_MAPS.forEach(k -> found.addAll(schema.path(k).valueStream().toList()));
        SCHEMAS.forEach(k -> {
            JsonNode value = schema.path(k);
            found.addAll(value.isArray() ? value.valueStream().toList() : List.of(value));
        });
        SCHEMA_LISTS.forEach(k -> found.addAll(schema.path(k).valueStream().toList()));
        return found;
    }

    private static boolean isObject(ObjectNode schema) {
        JsonNode type = schema.path("type");
        return type.asString("").equals("object") || schema.has("properties")
                || type.isArray() && type.valueStream().anyMatch(t -> t.asString("").equals("object"));
    }

    /** Whether {@code schemas}, with {@code strictTools} of them tools', are within what Anthropic takes. */
    private static boolean fits(List<ObjectNode> schemas, int strictTools) {
        Tally tally = new Tally();
        for (ObjectNode schema : schemas) {
            if (recursive(schema)) {
                return false;
            }
            tally.count(schema);
        }
        return strictTools <= MAX_STRICT_TOOLS && tally.optional <= MAX_OPTIONAL && tally.unions <= MAX_UNIONS
                && !tally.refused;
    }

    /** Whether {@code root} refers to itself, or its definitions refer to each other in a circle. */
    private static boolean recursive(ObjectNode root) {
        Map<String, Set<String>> refs = new HashMap<>();
        refs.put("#", references(root, true));
        for (String keyword : List.of("$defs", "definitions")) {
            root.path(keyword).properties().forEach(e -> refs.put("#/" + keyword + "/" + e.getKey(),
                    references(e.getValue(), false)));
        }
        return cycle("#", refs, new HashSet<>(), new HashSet<>());
    }

    private static boolean cycle(String at, Map<String, Set<String>> refs, Set<String> path, Set<String> done) {
        if (path.contains(at)) {
            return true;
        }
        if (!done.add(at)) {
            return false;
        }
        path.add(at);
        for (String next : refs.getOrDefault(at, Set.of())) {
            if (cycle(next, refs, path, done)) {
                return true;
            }
        }
        path.remove(at);
        return false;
    }

    /** The {@code $ref}s within {@code schema}, not counting those of its definitions when it is the root. */
    private static Set<String> references(JsonNode schema, boolean root) {
        Set<String> found = new HashSet<>();
        if (schema instanceof ObjectNode node) {
            if (node.path("$ref").isString()) {
                found.add(node.get("$ref").asString());
            }
            node.properties().forEach(e -> {
                if (!(root && (e.getKey().equals("$defs") || e.getKey().equals("definitions")))) {
                    found.addAll(references(e.getValue(), false));
                }
            });
        } else if (schema != null && schema.isArray()) {
            schema.forEach(item -> found.addAll(references(item, false)));
        }
        return found;
    }

    /** The optional properties, properties of several types and refused keywords found across schemas. */
    private static final class Tally {

        int optional;
        int unions;
        boolean refused;

        void count(JsonNode schema) {
            if (!(schema instanceof ObjectNode node)) {
                return;
            }
            Set<String> required = new HashSet<>(node.path("required").valueStream().map(r -> r.asString(""))
                    .toList());
            node.path("properties").properties().forEach(e -> {
                optional += required.contains(e.getKey()) ? 0 : 1;
                unions += e.getValue().has("anyOf") || e.getValue().path("type").isArray() ? 1 : 0;
            });
            refused |= REFUSED.stream().anyMatch(node::has) || node.path("minItems").asInt(0) > 1;
            subschemas(node).forEach(this::count);
            node.path("allOf").forEach(this::count);
            count(node.get("not"));
        }
    }
}
