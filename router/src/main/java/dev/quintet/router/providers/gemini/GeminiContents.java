package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.LostPart;
import dev.quintet.router.providers.translation.DataUrl;
import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.ToolResultOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI messages as Gemini contents: system and developer text goes to {@code systemInstruction}; user turns keep
 * role {@code user} (images, audio, video and files as {@code inlineData}, http image, video and file URLs as
 * {@code fileData}); assistant turns become role {@code model} with text and {@code functionCall} parts, signed as
 * {@link ThoughtSignatures} says; tool results become {@code functionResponse} parts of a user turn, named after the
 * call whose id they answer and put in the order of the calls ({@link ToolResultOrder}). An id Gemini gave a call
 * goes back on the call and its result ({@link ToolCallIds#sentBack}). Consecutive turns of one role are merged.
 *
 * @param system the system instruction's parts, possibly empty
 */
record GeminiContents(ArrayNode system, ArrayNode contents) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The roles whose messages go as text alone: system instructions and function responses. */
    private static final List<String> TEXT_ONLY = List.of("system", "developer", "tool", "function");
    private static final String TAKES = "the Gemini translation takes images, audio, video (inline, YouTube or "
            + "video files by URL) and files (PDF or image files by URL) in user and assistant messages, and system "
            + "messages and tool results as text only";
    private static final Pattern YOUTUBE = Pattern.compile(
            "https?://([a-z]+\\.)?(youtube\\.com|youtube-nocookie\\.com|youtu\\.be)([/?]|$)", Pattern.CASE_INSENSITIVE);

    static GeminiContents of(JsonNode messages) {
        GeminiContents out = new GeminiContents(NODES.arrayNode(), NODES.arrayNode());
        Map<String, String> names = OpenAiRequests.toolCallNames(messages);
        for (JsonNode message : ToolResultOrder.of(messages)) {
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
        out.signFirstCalls();
        if (out.contents.isEmpty() && !out.system.isEmpty()) {
            // system messages alone, which OpenAI takes: Gemini refuses empty contents, so they are the user's turn
            out.contents.addObject().put("role", "user").set("parts", out.system);
            return new GeminiContents(NODES.arrayNode(), out.contents);
        }
        return out;
    }

    /** Each model turn's first function call signed, with the placeholder where the history holds no signature. */
    private void signFirstCalls() {
        for (JsonNode content : contents) {
            if (content.path("role").asString("").equals("model")) {
                ThoughtSignatures.signFirstCall(content.path("parts"));
            }
        }
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
        ThoughtSignatures signatures = ThoughtSignatures.of(message);
        List<ObjectNode> parts = parts(message.get("content"));
        for (JsonNode call : message.path("tool_calls")) {
            ObjectNode part = NODES.objectNode();
            ObjectNode functionCall = part.putObject("functionCall")
                    .put("name", call.path("function").path("name").asString(""));
            functionCall.set("args", OpenAiRequests.arguments(call.path("function").get("arguments")));
            String id = call.path("id").asString("");
            if (ToolCallIds.sentBack(id)) {
                functionCall.put("id", id);
            }
            String signature = signatures.forCall(id);
            if (signature != null) {
                part.put("thoughtSignature", signature);
            }
            parts.add(part);
        }
        signatures.placeUnbound(parts);
        return parts;
    }

    private static ObjectNode functionResponse(JsonNode message, Map<String, String> names) {
        String id = message.path("tool_call_id").asString("");
        String name = names.getOrDefault(id, message.path("name").asString(id));
        ObjectNode part = NODES.objectNode();
        ObjectNode functionResponse = part.putObject("functionResponse").put("name", name);
        functionResponse.set("response", response(OpenAiRequests.text(message.get("content"))));
        if (names.containsKey(id) && ToolCallIds.sentBack(id)) {
            functionResponse.put("id", id);
        }
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

    /** The first media part of {@code messages} that {@link #of} would leave out, or empty. */
    static Optional<LostPart> lostPart(JsonNode messages) {
        return LostPart.find(messages, (role, part) -> TEXT_ONLY.stream().noneMatch(role::equals) && carries(part),
                TAKES);
    }

    /** Whether {@link #part} sends a media part, found without copying its data. */
    private static boolean carries(JsonNode part) {
        return switch (part.path("type").asString("")) {
            case "image_url", "input_audio" -> true;
            case "file" -> carriesFile(OpenAiRequests.fileData(part));
            case "video_url" -> carriesVideo(OpenAiRequests.url(part, "video_url"));
            default -> false;
        };
    }

    private static List<ObjectNode> parts(JsonNode content) {
        List<ObjectNode> parts = new ArrayList<>();
        for (JsonNode part : OpenAiRequests.parts(content)) {
            part(part).ifPresent(parts::add);
        }
        return parts;
    }

    /** One content part as Gemini's; empty for blank text and for what Gemini's format has no place for. */
    private static Optional<ObjectNode> part(JsonNode part) {
        return switch (part.path("type").asString("")) {
            case "text" -> Optional.of(part.path("text").asString("")).filter(text -> !text.isEmpty())
                    .map(text -> NODES.objectNode().put("text", text));
            case "image_url" -> Optional.of(media(OpenAiRequests.url(part, "image_url")));
            case "video_url" -> video(OpenAiRequests.url(part, "video_url"));
            case "file" -> file(OpenAiRequests.fileData(part));
            case "input_audio" -> Optional.of(inline(new DataUrl("audio/" + part.path("input_audio")
                    .path("format").asString("wav"), part.path("input_audio").path("data").asString(""))));
            default -> Optional.empty();
        };
    }

    /**
     * A video: a data URL inline; a YouTube URL as {@code fileData} (Gemini reads YouTube videos by their page's
     * URL); an http URL with a video extension Gemini takes as {@code fileData} of that type; nothing otherwise.
     */
    private static Optional<ObjectNode> video(String url) {
        if (!carriesVideo(url)) {
            return Optional.empty();
        }
        if (YOUTUBE.matcher(url).lookingAt()) {
            ObjectNode part = NODES.objectNode();
            part.putObject("fileData").put("fileUri", url);
            return Optional.of(part);
        }
        return Optional.of(DataUrl.parse(url).map(GeminiContents::inline)
                .orElseGet(() -> fileData(DataUrl.guessVideoType(url).orElseThrow(), url)));
    }

    private static boolean carriesVideo(String url) {
        return DataUrl.mediaTypeOf(url).isPresent() || YOUTUBE.matcher(url).lookingAt()
                || DataUrl.guessVideoType(url).isPresent();
    }

    private static ObjectNode media(String url) {
        return DataUrl.parse(url).map(GeminiContents::inline)
                .orElseGet(() -> fileData(DataUrl.guessImageType(url), url));
    }

    /**
     * A file's data URL inline, an http URL of an image or PDF (see {@link DataUrl#guessFileType}) as
     * {@code fileData}; nothing for anything else.
     */
    private static Optional<ObjectNode> file(String data) {
        if (!carriesFile(data)) {
            return Optional.empty();
        }
        return Optional.of(DataUrl.isWeb(data) ? fileData(DataUrl.guessFileType(data).orElseThrow(), data)
                : inline(DataUrl.parse(data).orElseThrow()));
    }

    private static boolean carriesFile(String data) {
        return DataUrl.isWeb(data) ? DataUrl.guessFileType(data).isPresent() : DataUrl.mediaTypeOf(data).isPresent();
    }

    private static ObjectNode fileData(String mimeType, String url) {
        ObjectNode part = NODES.objectNode();
        part.putObject("fileData").put("mimeType", mimeType).put("fileUri", url);
        return part;
    }

    private static ObjectNode inline(DataUrl data) {
        ObjectNode part = NODES.objectNode();
        part.putObject("inlineData").put("mimeType", data.mediaType()).put("data", data.base64());
        return part;
    }
}
