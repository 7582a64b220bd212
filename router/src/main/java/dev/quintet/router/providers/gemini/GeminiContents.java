package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.translation.DataUrl;
import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.ReasoningDetails;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI messages as Gemini contents: system and developer text goes to {@code systemInstruction}; user turns keep
 * role {@code user} (images and files as {@code inlineData}, http image URLs as {@code fileData}); assistant turns
 * become role {@code model} with text and {@code functionCall} parts, each carrying back the
 * {@code thoughtSignature} its {@code reasoning_details} entry holds; tool results become {@code functionResponse}
 * parts of a user turn, named after the call whose id they answer. Consecutive turns of one role are merged.
 *
 * @param system the system instruction's parts, possibly empty
 */
record GeminiContents(ArrayNode system, ArrayNode contents) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    static GeminiContents of(JsonNode messages) {
        GeminiContents out = new GeminiContents(NODES.arrayNode(), NODES.arrayNode());
        Map<String, String> names = OpenAiRequests.toolCallNames(messages);
        for (JsonNode message : messages) {
            switch (message.path("role").asString("")) {
                case "system", "developer" -> {
                    String text = OpenAiRequests.text(message.get("content"));
                    if (!text.isEmpty()) {
                        out.system.addObject().put("text", text);
                    }
                }
                case "assistant" -> out.append("model", model(message));
                case "tool", "function" -> out.append("user", List.of(functionResponse(message, names)));
                default -> out.append("user", parts(message.get("content")));
            }
        }
        return out;
    }

    private void append(String role, List<ObjectNode> parts) {
        if (parts.isEmpty()) {
            return;
        }
        JsonNode last = contents.isEmpty() ? null : contents.get(contents.size() - 1);
        ArrayNode into = last != null && role.equals(last.path("role").asString())
                ? (ArrayNode) last.get("parts") : contents.addObject().put("role", role).putArray("parts");
        parts.forEach(into::add);
    }

    private static List<ObjectNode> model(JsonNode message) {
        Map<String, String> signatures = new HashMap<>();
        String loose = null;
        for (ObjectNode detail : ReasoningDetails.of(message, ReasoningDetails.GEMINI)) {
            if (detail.path("type").asString("").equals("reasoning.encrypted")) {
                String data = detail.path("data").asString("");
                if (detail.path("id").isString()) {
                    signatures.put(detail.get("id").asString(), data);
                } else if (loose == null) {
                    loose = data;
                }
            }
        }
        List<ObjectNode> parts = parts(message.get("content"));
        for (JsonNode call : message.path("tool_calls")) {
            ObjectNode part = NODES.objectNode();
            ObjectNode functionCall = part.putObject("functionCall")
                    .put("name", call.path("function").path("name").asString(""));
            functionCall.set("args", OpenAiRequests.arguments(call.path("function").get("arguments")));
            String signature = signatures.get(call.path("id").asString(""));
            if (signature != null) {
                part.put("thoughtSignature", signature);
            }
            parts.add(part);
        }
        if (loose != null && !parts.isEmpty() && !parts.getFirst().has("thoughtSignature")) {
            parts.getFirst().put("thoughtSignature", loose);
        }
        return parts;
    }

    private static ObjectNode functionResponse(JsonNode message, Map<String, String> names) {
        String id = message.path("tool_call_id").asString("");
        String name = names.getOrDefault(id, message.path("name").asString(id));
        ObjectNode part = NODES.objectNode();
        part.putObject("functionResponse").put("name", name).set("response",
                response(OpenAiRequests.text(message.get("content"))));
        return part;
    }

    /** A tool's output as the object Gemini wants: a JSON object as it is, anything else under {@code output}. */
    private static ObjectNode response(String text) {
        try {
            if (text.strip().startsWith("{") && JSON.readTree(text) instanceof ObjectNode object) {
                return object;
            }
        } catch (JacksonException e) {
            // not JSON: wrapped below
        }
        return NODES.objectNode().put("output", text);
    }

    private static List<ObjectNode> parts(JsonNode content) {
        List<ObjectNode> parts = new ArrayList<>();
        for (JsonNode part : OpenAiRequests.parts(content)) {
            switch (part.path("type").asString("")) {
                case "text" -> {
                    if (!part.path("text").asString("").isEmpty()) {
                        parts.add(NODES.objectNode().put("text", part.path("text").asString()));
                    }
                }
                case "image_url" -> {
                    JsonNode image = part.path("image_url");
                    parts.add(media(image.isString() ? image.asString() : image.path("url").asString("")));
                }
                case "file" -> DataUrl.parse(part.path("file").path("file_data").asString(""))
                        .ifPresent(d -> parts.add(inline(d)));
                case "input_audio" -> parts.add(inline(new DataUrl("audio/" + part.path("input_audio")
                        .path("format").asString("wav"), part.path("input_audio").path("data").asString(""))));
                default -> {
                }
            }
        }
        return parts;
    }

    private static ObjectNode media(String url) {
        return DataUrl.parse(url).map(GeminiContents::inline).orElseGet(() -> {
            ObjectNode part = NODES.objectNode();
            part.putObject("fileData").put("mimeType", DataUrl.guessImageType(url)).put("fileUri", url);
            return part;
        });
    }

    private static ObjectNode inline(DataUrl data) {
        ObjectNode part = NODES.objectNode();
        part.putObject("inlineData").put("mimeType", data.mediaType()).put("data", data.base64());
        return part;
    }
}
