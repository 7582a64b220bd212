package dev.quintet.console.devices;

import java.math.BigDecimal;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Turns what a person typed into the JSON value a datastream of that type takes. Text that does not fit the type is
 * sent as a string, so the devices API refuses it with its own message naming the rule.
 */
final class ValueInput {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ValueInput() {
    }

    static JsonNode parse(String type, String typed) {
        String text = typed == null ? "" : typed.strip();
        return switch (type) {
            case "integer", "double" -> number(text);
            case "boolean" -> switch (text.toLowerCase(java.util.Locale.ROOT)) {
                case "true", "1", "on" -> NODES.booleanNode(true);
                case "false", "0", "off" -> NODES.booleanNode(false);
                default -> NODES.stringNode(text);
            };
            case "location" -> json(text);
            default -> NODES.stringNode(typed == null ? "" : typed);
        };
    }

    /** A command's {@code params}: empty is none; anything else must be a JSON object. */
    static JsonNode params(String typed) {
        String text = typed == null ? "" : typed.strip();
        if (text.isEmpty()) {
            return null;
        }
        JsonNode node = json(text);
        if (!node.isObject()) {
            throw new IllegalArgumentException("params must be a JSON object such as {\"celsius\": 21}, or empty");
        }
        return node;
    }

    private static JsonNode number(String text) {
        try {
            return NODES.numberNode(new BigDecimal(text));
        } catch (NumberFormatException e) {
            return NODES.stringNode(text);
        }
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JacksonException e) {
            return NODES.stringNode(text);
        }
    }
}
