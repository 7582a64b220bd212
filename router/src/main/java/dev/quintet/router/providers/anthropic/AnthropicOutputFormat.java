package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.OpenAiRequests.FunctionTool;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
 * strict mode may leave out: it is added where a schema says nothing, but not within {@code allOf}, {@code not},
 * {@code if}, {@code then} or {@code else}, where it would change what the schema allows. Anthropic refuses a
 * request whose constrained schemas together hold more than {@value #MAX_STRICT_TOOLS} strict tools,
 * {@value #MAX_OPTIONAL} optional properties or {@value #MAX_UNIONS} schemas of several types ({@code anyOf} or a
 * list of types), each counted as often as it is referred to, or that use recursion, references it cannot resolve,
 * objects open to more properties, or the numeric, length and item-count limits it does not take; and it refuses
 * output formats with a prefill (a final assistant message). Rather than turn a request that worked with plain tools
 * into a refusal, strictness is given up first and then the output format, until what is left is within those
 * limits. {@code json_object} has no counterpart and is not sent.
 *
 * @param strict the closed schema each strict tool goes with (a tool not here goes as a plain tool)
 * @param format the closed schema to send as {@code output_config.format}, or null
 */
record AnthropicOutputFormat(Map<FunctionTool, ObjectNode> strict, ObjectNode format) {

    static final int MAX_STRICT_TOOLS = 20;
    static final int MAX_OPTIONAL = 24;
    static final int MAX_UNIONS = 16;
    private static final AnthropicOutputFormat NONE = new AnthropicOutputFormat(Map.of(), null);
    /** Keywords whose value is a map of names to schemas in place. */
    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties");
    /** Keywords whose value is a map of names to schemas that references lead to. */
    private static final List<String> DEFINITIONS = List.of("$defs", "definitions");
    /** Keywords whose value is a schema (or, for {@code items}, a list of them) constraining alike. */
    private static final List<String> SCHEMAS = List.of("items", "additionalItems", "additionalProperties", "contains");
    /** Keywords whose value is a list of schemas constraining alike. */
    private static final List<String> SCHEMA_LISTS = List.of("anyOf", "oneOf", "prefixItems");
    /** Keywords whose schemas combine with the rest, so that closing them would change what is allowed. */
    private static final List<String> COMBINING = List.of("allOf", "not", "if", "then", "else");
    /** Keywords Anthropic's structured output does not take. */
    private static final List<String> REFUSED = List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
            "multipleOf", "minLength", "maxLength", "maxItems");

    /**
     * The structured output of {@code body} for an endpoint that does ({@code structured}) or does not take it;
     * {@code prefill} says whether the messages end with the assistant's words.
     */
    static AnthropicOutputFormat of(JsonNode body, List<FunctionTool> functions, boolean structured, boolean prefill) {
        if (!structured) {
            return NONE;
        }
        Map<FunctionTool, ObjectNode> tools = new LinkedHashMap<>();
        functions.stream().filter(FunctionTool::strict).forEach(f -> tools.put(f, closed(f.parameters())));
        JsonNode given = body.path("response_format");
        ObjectNode format = given.path("type").asString("").equals("json_schema") && !prefill
                && given.path("json_schema").path("schema") instanceof ObjectNode schema ? closed(schema) : null;
        List<ObjectNode> both = new ArrayList<>(tools.values());
        if (format != null) {
            both.add(format);
        }
        if (fits(both, tools.size())) {
            return new AnthropicOutputFormat(tools, format);
        }
        if (format != null && fits(List.of(format), 0)) {
            return new AnthropicOutputFormat(Map.of(), format);
        }
        return new AnthropicOutputFormat(fits(List.copyOf(tools.values()), tools.size()) ? tools : Map.of(), null);
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
        alike(node).forEach(AnthropicOutputFormat::close);
        DEFINITIONS.forEach(k -> node.path(k).valueStream().forEach(AnthropicOutputFormat::close));
    }

    /**
     * The schemas directly within {@code schema} that constrain alike (not those of {@link #COMBINING}, nor its
     * definitions).
     */
    private static List<JsonNode> alike(ObjectNode schema) {
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
        schemas.forEach(tally::root);
        return strictTools <= MAX_STRICT_TOOLS && tally.optional <= MAX_OPTIONAL && tally.unions <= MAX_UNIONS
                && !tally.refused;
    }

    /**
     * What a walk through schemas finds: optional properties and schemas of several types (counted each time a
     * reference leads to them), and whether anything Anthropic refuses is there.
     */
    private static final class Tally {

        int optional;
        int unions;
        boolean refused;
        private ObjectNode root;
        private final Deque<JsonNode> path = new ArrayDeque<>();

        void root(ObjectNode schema) {
            root = schema;
            walk(schema);
        }

        private void walk(JsonNode schema) {
            if (!(schema instanceof ObjectNode node) || refused) {
                return; // a boolean schema constrains nothing Anthropic counts
            }
            if (path.stream().anyMatch(seen -> seen == node)) {
                refused = true; // a reference back to a schema being walked: recursion
                return;
            }
            path.push(node);
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                JsonNode target = ref.isString() && ref.asString().startsWith("#")
                        ? root.at(ref.asString().substring(1)) : null;
                refused |= target == null || target.isMissingNode();
                walk(target);
            }
            if (isObject(node)) {
                JsonNode more = node.path("additionalProperties");
                refused |= !(more.isBoolean() && !more.asBoolean());
                Set<String> required = new HashSet<>(node.path("required").valueStream().map(r -> r.asString(""))
                        .toList());
                optional += (int) node.path("properties").propertyNames().stream().filter(p -> !required.contains(p))
                        .count();
            }
            unions += node.has("anyOf") || node.path("type").isArray() ? 1 : 0;
            refused |= REFUSED.stream().anyMatch(node::has) || node.path("minItems").asInt(0) > 1;
            alike(node).forEach(this::walk); // definitions: walked where a reference leads to them
            COMBINING.forEach(k -> {
                JsonNode value = node.path(k);
                (value.isArray() ? value.valueStream().toList() : List.of(value)).forEach(this::walk);
            });
            path.pop();
        }
    }
}
