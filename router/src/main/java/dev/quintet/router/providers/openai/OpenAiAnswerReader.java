package dev.quintet.router.providers.openai;

import dev.quintet.router.providers.ProviderInfo;
import dev.quintet.router.providers.WireFormat;
import dev.quintet.router.providers.translation.ReasoningDetails;
import dev.quintet.router.stream.ChunkReshape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answers of providers speaking OpenAI's format, read into the shape OpenAI's and OpenRouter's clients expect,
 * whole or chunk by chunk. A model's reasoning, told in the provider's own way, is told as OpenRouter does: a
 * {@code reasoning} string and a {@code reasoning_details} entry ({@code reasoning.text}, format {@value #FORMAT}).
 * Three ways are read: a {@code reasoning_content} field (DeepSeek, Moonshot, Z.AI, Alibaba, vLLM); text between
 * {@code <think>} and {@code </think>} at the start of the content (models served raw: MiniMax, and reasoning models on
 * Together, Fireworks, Groq, llama.cpp); and content given as parts, of which those of type {@code thinking} are the
 * reasoning (Mistral's Magistral). A {@code reasoning} field the provider sends (Groq, Ollama, newer vLLM) is kept. A
 * choice that called tools but finishes with {@code stop} (as xAI's and other servers' streams have been seen to)
 * finishes with {@code tool_calls}, as OpenAI's do and callers' tool loops look for. OpenAI's and OpenRouter's answers
 * have OpenRouter's shape already and are left alone.
 */
public final class OpenAiAnswerReader implements ChunkReshape {

    /** The {@code reasoning_details} format of reasoning read this way: OpenRouter's word for an unnamed one. */
    public static final String FORMAT = "unknown";
    private static final String OPEN = "<think>";
    private static final String CLOSE = "</think>";

    /** Where a stream's choice is in reading its content. */
    private enum State { START, THINKING, AFTER_THINKING, ANSWER }

    /** What a stream's choices read so far, by index. */
    private final Map<Integer, Choice> choices = new TreeMap<>();

    /** Whether {@code provider}'s answers are read here. */
    public static boolean reads(ProviderInfo provider) {
        return provider.wireFormat() == WireFormat.OPENAI && !provider.slug().equals("openai")
                && !provider.slug().equals("openrouter");
    }

    /** Rewrites the message of each of a whole answer's choices. */
    public static void answer(ObjectNode answer) {
        for (JsonNode choice : answer.path("choices")) {
            if (choice.get("message") instanceof ObjectNode message) {
                Choice reader = new Choice();
                StringBuilder reasoning = new StringBuilder();
                reader.read(message, reasoning);
                reader.flush(message, reasoning);
                if (reasoning.toString().isBlank()) {
                    reasoning.setLength(0); // an empty thought, as models with thinking switched off write it
                }
                tell(message, reasoning);
                reader.finish((ObjectNode) choice);
            }
        }
    }

    /**
     * Rewrites the deltas of one chunk of a stream this reader is for. Text that may still turn out to be a tag is
     * held back, and goes out with a later delta: at the latest with the choice's finish, or in a chunk of its own
     * when the stream ends without one ({@link #end()}).
     */
    @Override
    public void chunk(ObjectNode chunk) {
        for (JsonNode node : chunk.path("choices")) {
            if (!(node instanceof ObjectNode choice)) {
                continue;
            }
            Choice reader = choices.computeIfAbsent(choice.path("index").asInt(0), i -> new Choice());
            boolean finishing = choice.hasNonNull("finish_reason");
            if (!(choice.get("delta") instanceof ObjectNode) && finishing && reader.holds()) {
                choice.putObject("delta");
            }
            if (choice.get("delta") instanceof ObjectNode delta) {
                StringBuilder reasoning = new StringBuilder();
                reader.read(delta, reasoning);
                if (finishing) {
                    reader.flush(delta, reasoning);
                }
                tell(delta, reasoning);
            }
            if (finishing) {
                reader.finish(choice);
            }
        }
    }

    @Override
    public List<ObjectNode> end() {
        List<ObjectNode> rest = new ArrayList<>();
        choices.forEach((index, reader) -> {
            if (reader.holds()) {
                ObjectNode choice = JsonNodeFactory.instance.objectNode().put("index", index);
                ObjectNode delta = choice.putObject("delta");
                StringBuilder reasoning = new StringBuilder();
                reader.flush(delta, reasoning);
                tell(delta, reasoning);
                rest.add(choice);
            }
        });
        return rest;
    }

    /**
     * Puts {@code reasoning} into {@code holder} as OpenRouter's fields, unless the provider sent a {@code reasoning}
     * of its own; a {@code reasoning} without details gets its entry.
     */
    private static void tell(ObjectNode holder, StringBuilder reasoning) {
        if (!reasoning.isEmpty() && holder.path("reasoning").asString("").isEmpty()) {
            holder.put("reasoning", reasoning.toString());
        }
        String told = holder.path("reasoning").asString("");
        if (!told.isEmpty() && !holder.has("reasoning_details")) {
            holder.putArray("reasoning_details").add(ReasoningDetails.text(FORMAT, 0, told, null));
        }
    }

    /** One choice's reading of its content, as a whole message or delta by delta. */
    private static final class Choice {

        private State state = State.START;
        /** Content held back: blanks or an opening tag's beginning before the start, a closing tag's after it. */
        private String held = "";
        /** Whether the choice called tools. */
        private boolean calledTools;

        /** Moves {@code holder}'s reasoning into {@code reasoning} and rewrites its content. */
        void read(ObjectNode holder, StringBuilder reasoning) {
            calledTools |= !holder.path("tool_calls").isEmpty();
            JsonNode content = holder.remove("reasoning_content");
            if (content != null && content.isString() && holder.path("reasoning").asString("").isEmpty()) {
                reasoning.append(content.asString());
            }
            JsonNode given = holder.get("content");
            if (given instanceof ArrayNode parts && hasThinking(parts)) {
                holder.set("content", parts(parts, reasoning));
                given = holder.get("content");
            }
            if (given != null && given.isString()) {
                String text = given.asString();
                String answer = feed(text, reasoning);
                if (!answer.equals(text)) {
                    holder.put("content", answer);
                }
            }
        }

        /** Gives {@code choice}, which finishes, the reason {@code tool_calls} for a {@code stop} after tool calls. */
        void finish(ObjectNode choice) {
            if (calledTools && "stop".equals(choice.path("finish_reason").asString(""))) {
                if (!choice.hasNonNull("native_finish_reason")) {
                    choice.put("native_finish_reason", "stop"); // the provider's own word stays on record
                }
                choice.put("finish_reason", "tool_calls");
            }
        }

        /** Whether text is held back. */
        boolean holds() {
            return !held.isEmpty();
        }

        /** Gives out what is held back: the choice ends here. */
        void flush(ObjectNode holder, StringBuilder reasoning) {
            if (held.isEmpty()) {
                return;
            }
            if (state == State.THINKING) {
                reasoning.append(held);
            } else if (state == State.START && holder.get("content") instanceof ArrayNode parts) {
                parts.insert(0, JsonNodeFactory.instance.objectNode().put("type", "text").put("text", held));
            } else if (state == State.START) {
                holder.put("content", held + holder.path("content").asString(""));
            }
            held = "";
        }

        private static boolean hasThinking(ArrayNode parts) {
            return parts.valueStream().anyMatch(part -> part.path("type").asString("").equals("thinking"));
        }

        /**
         * Mistral's content parts without those of type {@code thinking}, whose text goes to {@code reasoning}: as
         * one string when only text parts are left, else as the parts left (references, for one, stay).
         */
        private static JsonNode parts(ArrayNode parts, StringBuilder reasoning) {
            ArrayNode left = JsonNodeFactory.instance.arrayNode();
            StringBuilder text = new StringBuilder();
            boolean onlyText = true;
            for (JsonNode part : parts) {
                switch (part.path("type").asString("")) {
                    case "thinking" -> {
                        for (JsonNode piece : part.path("thinking")) {
                            reasoning.append(piece.path("text").asString(""));
                        }
                    }
                    case "text" -> {
                        text.append(part.path("text").asString(""));
                        left.add(part);
                    }
                    default -> {
                        onlyText = false;
                        left.add(part);
                    }
                }
            }
            return onlyText ? JsonNodeFactory.instance.stringNode(text.toString()) : left;
        }

        /** The content of {@code text} as the caller sees it; the reasoning it holds goes to {@code reasoning}. */
        private String feed(String text, StringBuilder reasoning) {
            if (state == State.ANSWER && held.isEmpty()) {
                return text;
            }
            String rest = held + text;
            held = "";
            StringBuilder content = new StringBuilder();
            while (!rest.isEmpty()) {
                switch (state) {
                    case START -> {
                        String start = rest.stripLeading();
                        if (start.startsWith(OPEN)) {
                            state = State.THINKING;
                            rest = start.substring(OPEN.length());
                        } else if (OPEN.startsWith(start)) {
                            held = rest;
                            rest = "";
                        } else {
                            state = State.ANSWER;
                        }
                    }
                    case THINKING -> {
                        int end = rest.indexOf(CLOSE);
                        if (end >= 0) {
                            reasoning.append(rest, 0, end);
                            state = State.AFTER_THINKING;
                            rest = rest.substring(end + CLOSE.length());
                        } else {
                            int keep = tagStart(rest);
                            reasoning.append(rest, 0, rest.length() - keep);
                            held = rest.substring(rest.length() - keep);
                            rest = "";
                        }
                    }
                    case AFTER_THINKING -> {
                        rest = rest.stripLeading();
                        if (!rest.isEmpty()) {
                            state = State.ANSWER;
                        }
                    }
                    case ANSWER -> {
                        content.append(rest);
                        rest = "";
                    }
                }
            }
            return content.toString();
        }

        /** The length of the longest end of {@code text} that begins {@value #CLOSE}. */
        private static int tagStart(String text) {
            for (int n = Math.min(CLOSE.length() - 1, text.length()); n > 0; n--) {
                if (text.regionMatches(text.length() - n, CLOSE, 0, n)) {
                    return n;
                }
            }
            return 0;
        }
    }
}
