package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.LostPart;
import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.ReasoningDetails;
import dev.quintet.router.providers.translation.ToolResultOrder;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI messages as Anthropic's: system and developer messages become {@code system} text blocks; user content
 * becomes text, image (see {@link AnthropicImage}) and document blocks (see {@link AnthropicDocument}); an assistant
 * message becomes its thinking blocks (from {@code reasoning_details}, signatures kept), text, and {@code tool_use}
 * blocks; tool messages become {@code tool_result} blocks of a user turn, first in it and in the order of the calls
 * ({@link ToolResultOrder}). Tool call ids are kept but for characters Anthropic refuses in them (see
 * {@link #toolId}). Consecutive turns of one role are merged, so the tool results of
 * one assistant turn share one user turn. {@code cache_control} on a content part is kept. Blank text is left out,
 * since Anthropic refuses text blocks without non-whitespace text; a message left with no blocks is not sent at all.
 * When no turn is left (a request of system messages only, which OpenAI takes), the system blocks are sent as the
 * one user turn instead, since Anthropic refuses an empty {@code messages}.
 *
 * @param system the system blocks, possibly empty
 * @param turns the alternating user and assistant turns
 */
record AnthropicMessages(ArrayNode system, ArrayNode turns) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern NOT_IN_ID = Pattern.compile("[^a-zA-Z0-9_-]");
    private static final String TAKES = "Anthropic's Messages API takes images and PDF or plain-text files (no audio "
            + "or video), and system messages as text only";

    static AnthropicMessages of(JsonNode messages) {
        AnthropicMessages out = new AnthropicMessages(NODES.arrayNode(), NODES.arrayNode());
        for (JsonNode message : ToolResultOrder.of(messages)) {
            switch (message.path("role").asString("")) {
                case "system", "developer" -> blocks(message.get("content")).stream()
                        .filter(b -> b.path("type").asString("").equals("text")).forEach(out.system::add);
                case "assistant" -> out.append("assistant", assistant(message));
                case "tool", "function" -> out.append("user", List.of(toolResult(message)));
                default -> out.append("user", blocks(message.get("content")));
            }
        }
        if (out.turns.isEmpty() && !out.system.isEmpty()) {
            out.turns.addObject().put("role", "user").set("content", out.system);
            return new AnthropicMessages(NODES.arrayNode(), out.turns);
        }
        return out;
    }

    /**
     * The first media part of {@code messages} that {@link #of} would leave out, or empty: media in system messages,
     * audio, video, and files {@link AnthropicDocument#takes} not. Images always go ({@link AnthropicImage}).
     */
    static Optional<LostPart> lostPart(JsonNode messages) {
        return LostPart.find(messages, (role, part) -> !role.equals("system") && !role.equals("developer")
                && switch (part.path("type").asString("")) {
                    case "image_url" -> true;
                    case "file" -> AnthropicDocument.takes(OpenAiRequests.fileData(part));
                    default -> false;
                }, TAKES);
    }

    /**
     * A tool call id with each character Anthropic refuses in one (it takes only {@code [a-zA-Z0-9_-]}) as
     * {@code _}, followed by the original's hash so that ids differing only there ({@code a.b}, {@code a:b}) stay
     * apart: ids other providers made, such as Moonshot's {@code functions.get_weather:0}, change the same way in the
     * call and in its result, so the two still pair. An id Anthropic takes stays as it is.
     */
    static String toolId(String id) {
        String kept = NOT_IN_ID.matcher(id).replaceAll("_");
        return kept.equals(id) ? id : kept + "_" + Integer.toHexString(id.hashCode());
    }

    /**
     * Whether the last turn is the assistant's with more than thinking in it: a prefill the answer continues (a turn
     * of thinking alone is left out when thinking is off, see {@link #dropPrefillThinking}).
     */
    boolean endsWithPrefill() {
        JsonNode last = turns.isEmpty() ? null : turns.get(turns.size() - 1);
        return last != null && last.path("role").asString("").equals("assistant") && last.path("content").valueStream()
                .anyMatch(b -> !b.path("type").asString("").equals("thinking")
                        && !b.path("type").asString("").equals("redacted_thinking"));
    }

    /** The names of the tools the turns call, each once, in the order first called. */
    Set<String> toolNames() {
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode turn : turns) {
            for (JsonNode block : turn.path("content")) {
                if (block.path("type").asString("").equals("tool_use")) {
                    names.add(block.path("name").asString(""));
                }
            }
        }
        return names;
    }

    /**
     * Whether the last turn holds tool results for an assistant turn that does not start with a thinking block
     * (its reasoning was not sent back signed): Anthropic then refuses thinking, since within a tool loop it must
     * see the thinking of the turn that called the tools.
     */
    boolean toolLoopWithoutThinking() {
        int size = turns.size();
        if (size < 2 || !turns.get(size - 1).path("role").asString("").equals("user")) {
            return false;
        }
        boolean results = false;
        for (JsonNode block : turns.get(size - 1).path("content")) {
            results |= block.path("type").asString("").equals("tool_result");
        }
        String first = turns.get(size - 2).path("content").path(0).path("type").asString("");
        return results && !first.equals("thinking") && !first.equals("redacted_thinking");
    }

    /**
     * Removes the thinking blocks of a final assistant turn (a prefill the answer continues), which Anthropic refuses
     * when thinking is off; a turn left empty goes too.
     */
    void dropPrefillThinking() {
        JsonNode last = turns.isEmpty() ? null : turns.get(turns.size() - 1);
        if (last == null || !last.path("role").asString("").equals("assistant")) {
            return;
        }
        ArrayNode content = (ArrayNode) last.get("content");
        for (int i = content.size() - 1; i >= 0; i--) {
            String type = content.get(i).path("type").asString("");
            if (type.equals("thinking") || type.equals("redacted_thinking")) {
                content.remove(i);
            }
        }
        if (content.isEmpty()) {
            turns.remove(turns.size() - 1);
        }
    }

    private void append(String role, List<ObjectNode> blocks) {
        if (blocks.isEmpty()) {
            return;
        }
        JsonNode last = turns.isEmpty() ? null : turns.get(turns.size() - 1);
        ArrayNode content = last != null && role.equals(last.path("role").asString())
                ? (ArrayNode) last.get("content") : turns.addObject().put("role", role).putArray("content");
        blocks.forEach(content::add);
    }

    private static List<ObjectNode> assistant(JsonNode message) {
        List<ObjectNode> blocks = new java.util.ArrayList<>();
        for (ObjectNode detail : ReasoningDetails.of(message, ReasoningDetails.ANTHROPIC)) {
            String type = detail.path("type").asString("");
            if (type.equals("reasoning.text") && detail.path("signature").isString()) {
                blocks.add(NODES.objectNode().put("type", "thinking").put("thinking", detail.path("text").asString(""))
                        .put("signature", detail.get("signature").asString()));
            } else if (type.equals("reasoning.encrypted")) {
                blocks.add(NODES.objectNode().put("type", "redacted_thinking")
                        .put("data", detail.path("data").asString("")));
            }
        }
        blocks.addAll(blocks(message.get("content")));
        for (JsonNode call : message.path("tool_calls")) {
            ObjectNode use = NODES.objectNode().put("type", "tool_use")
                    .put("id", toolId(call.path("id").asString("")))
                    .put("name", call.path("function").path("name").asString(""));
            use.set("input", OpenAiRequests.arguments(call.path("function").get("arguments")));
            blocks.add(use);
        }
        return blocks;
    }

    private static ObjectNode toolResult(JsonNode message) {
        ObjectNode result = NODES.objectNode().put("type", "tool_result")
                .put("tool_use_id", toolId(message.path("tool_call_id").asString(message.path("name").asString(""))));
        JsonNode content = message.get("content");
        if (content != null && content.isArray()) {
            List<ObjectNode> blocks = blocks(content);
            if (!blocks.isEmpty()) {
                result.putArray("content").addAll(blocks);
            }
        } else if (!OpenAiRequests.text(content).isBlank()) {
            result.put("content", OpenAiRequests.text(content));
        }
        return result;
    }

    private static List<ObjectNode> blocks(JsonNode content) {
        List<ObjectNode> blocks = new java.util.ArrayList<>();
        for (JsonNode part : OpenAiRequests.parts(content)) {
            ObjectNode block = block(part);
            if (block != null) {
                if (part.has("cache_control")) {
                    block.set("cache_control", part.get("cache_control"));
                }
                blocks.add(block);
            }
        }
        return blocks;
    }

    private static ObjectNode block(JsonNode part) {
        switch (part.path("type").asString("")) {
            case "text" -> {
                String text = part.path("text").asString("");
                return text.isBlank() ? null : NODES.objectNode().put("type", "text").put("text", text);
            }
            case "image_url" -> {
                return AnthropicImage.of(OpenAiRequests.url(part, "image_url"));
            }
            case "file" -> {
                return AnthropicDocument.of(OpenAiRequests.fileData(part));
            }
            default -> {
                return null;
            }
        }
    }
}
