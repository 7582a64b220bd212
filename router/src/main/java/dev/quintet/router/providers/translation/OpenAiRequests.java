package dev.quintet.router.providers.translation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Reading the parts of an OpenAI chat-completions request that every translation needs. */
public final class OpenAiRequests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private OpenAiRequests() {
    }

    /** A message's content as content parts: a string becomes one {@code text} part; null none. */
    public static List<JsonNode> parts(JsonNode content) {
        List<JsonNode> parts = new ArrayList<>();
        if (content == null || content.isNull()) {
            return parts;
        }
        if (content.isString()) {
            if (!content.asString().isEmpty()) {
                parts.add(JsonNodeFactory.instance.objectNode().put("type", "text").put("text", content.asString()));
            }
            return parts;
        }
        content.forEach(parts::add);
        return parts;
    }

    /** The text of a message's content: a string, or its text parts joined. */
    public static String text(JsonNode content) {
        return text(content, "");
    }

    /** The text of a message's content: a string, or its text parts with {@code between} between them. */
    public static String text(JsonNode content, String between) {
        StringJoiner text = new StringJoiner(between);
        for (JsonNode part : parts(content)) {
            if (part.isString()) {
                text.add(part.asString());
            } else if ("text".equals(part.path("type").asString(""))) {
                text.add(part.path("text").asString(""));
            }
        }
        return text.toString();
    }

    /** The URL of an {@code image_url} or {@code video_url} part: the field itself or its {@code url}. */
    public static String url(JsonNode part, String field) {
        JsonNode value = part.path(field);
        return value.isString() ? value.asString() : value.path("url").asString("");
    }

    /** A {@code file} part's {@code file.file_data}: a data URL or an http(s) URL; empty when it has none. */
    public static String fileData(JsonNode part) {
        return part.path("file").path("file_data").asString("");
    }

    /** A tool call's {@code arguments} string as an object; an empty object when it is blank or not an object. */
    public static ObjectNode arguments(JsonNode arguments) {
        if (arguments != null && arguments.isObject()) {
            return (ObjectNode) arguments;
        }
        try {
            JsonNode parsed = arguments == null || arguments.asString("").isBlank() ? null
                    : JSON.readTree(arguments.asString());
            return parsed instanceof ObjectNode object ? object : JSON.createObjectNode();
        } catch (JacksonException e) {
            return JSON.createObjectNode();
        }
    }

    /** {@code max_completion_tokens}, else {@code max_tokens}; null when neither is set. */
    public static Long maxTokens(ObjectNode body) {
        for (String field : new String[] {"max_completion_tokens", "max_tokens"}) {
            if (body.path(field).canConvertToLong()) {
                return body.get(field).asLong();
            }
        }
        return null;
    }

    /** {@code stop} as a list: a string is one stop sequence. */
    public static List<String> stops(ObjectNode body) {
        JsonNode stop = body.get("stop");
        List<String> stops = new ArrayList<>();
        if (stop != null && stop.isString()) {
            stops.add(stop.asString());
        } else if (stop != null && stop.isArray()) {
            stop.forEach(s -> stops.add(s.asString()));
        }
        return stops;
    }

    /** The function name of every tool call id in the assistant messages, to name tool results. */
    public static Map<String, String> toolCallNames(JsonNode messages) {
        Map<String, String> names = new HashMap<>();
        for (JsonNode message : messages) {
            for (JsonNode call : message.path("tool_calls")) {
                names.put(call.path("id").asString(""), call.path("function").path("name").asString(""));
            }
        }
        return names;
    }

    /**
     * The function tools of {@code tools}: name, description (may be null) and JSON-schema parameters, an object
     * schema where the tool gives none or one without a {@code type} ({@code "parameters": {}}), as Anthropic
     * requires of every tool.
     */
    public static List<FunctionTool> functionTools(JsonNode tools) {
        List<FunctionTool> functions = new ArrayList<>();
        for (JsonNode tool : tools == null ? JsonNodeFactory.instance.arrayNode() : tools) {
            JsonNode f = tool.path("function");
            if (f.hasNonNull("name")) {
                JsonNode parameters = f.get("parameters");
                ObjectNode schema = parameters instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
                if (!schema.has("type")) {
                    schema = schema.deepCopy().put("type", "object");
                }
                functions.add(new FunctionTool(f.get("name").asString(), f.path("description").asString(null), schema,
                        f.path("strict").asBoolean(false)));
            }
        }
        return functions;
    }

    /**
     * One function an OpenAI request offers the model.
     *
     * @param strict whether the caller asked that calls always match the schema ({@code function.strict})
     */
    public record FunctionTool(String name, String description, ObjectNode parameters, boolean strict) {
    }

    /**
     * {@code tool_choice} read: {@code auto}, {@code none}, {@code required}, or {@code function} with a name;
     * null when the request does not set it.
     */
    public static ToolChoice toolChoice(ObjectNode body) {
        JsonNode choice = body.get("tool_choice");
        if (choice == null || choice.isNull()) {
            return null;
        }
        if (choice.isString()) {
            return new ToolChoice(choice.asString(), null, List.of());
        }
        if (choice.path("type").asString("").equals("allowed_tools")) {
            // OpenAI's allowed_tools: a required choice of one function is that function; otherwise its mode, and
            // the functions it allows for a translation that can keep them
            JsonNode allowed = choice.path("allowed_tools");
            boolean required = allowed.path("mode").asString("auto").equals("required");
            List<String> names = new ArrayList<>();
            allowed.path("tools").forEach(t -> names.add(t.path("function").path("name").asString("")));
            return required && names.size() == 1 ? new ToolChoice("function", names.getFirst(), List.of())
                    : new ToolChoice(required ? "required" : "auto", null, List.copyOf(names));
        }
        String name = choice.path("function").path("name").asString(null);
        return name == null ? new ToolChoice("auto", null, List.of())
                : new ToolChoice("function", name, List.of());
    }

    /**
     * A tool choice: its mode, for {@code function} the function's name, and for OpenAI's {@code allowed_tools} the
     * functions the model may call ({@code allowed}; empty: all the request's tools).
     */
    public record ToolChoice(String mode, String name, List<String> allowed) {
    }
}
