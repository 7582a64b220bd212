package dev.quintet.router.providers.openai;

import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.ReasoningRequest;
import dev.quintet.router.stream.ReasoningFields;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What providers speaking OpenAI's format take where they differ from the request the router received, so that a
 * field one of them refuses does not fail the call:
 * <ul>
 *   <li>OpenRouter's {@code reasoning} object and {@code include_reasoning} go only to OpenRouter; the others take
 *       an effort ({@code reasoning.effort} or {@code reasoning_effort}) as {@code reasoning_effort}, in their own
 *       words (OpenAI's none to xhigh, xAI's low or high, others low, medium or high; Mistral none); a budget alone
 *       ({@code reasoning.max_tokens}) has no counterpart there.</li>
 *   <li>OpenAI takes the answer limit as {@code max_completion_tokens} (its reasoning models refuse
 *       {@code max_tokens}).</li>
 *   <li>Mistral refuses every field its schema lacks (HTTP 422): no {@code stream_options} (its last chunk carries
 *       the usage anyway), {@code max_tokens} for {@code max_completion_tokens}, {@code random_seed} for
 *       {@code seed}, no {@code user}, no reasoning fields, and assistant messages without the fields the router's
 *       own answers carry ({@code reasoning}, {@code reasoning_details}, {@code refusal}, ...).</li>
 *   <li>The reasoning of past assistant turns, which callers send back in OpenRouter's fields, goes back as each
 *       provider's models read it: as {@code reasoning_content} to DeepSeek, Moonshot and Z.AI (whose thinking
 *       models continue from it across tool calls, and refuse a tool call's turn without it, if only empty), in
 *       {@code <think>} tags before the content to MiniMax (whose models are to see their thinking in the
 *       history), and to the others not at all (their schemas may refuse the fields, and their models' templates
 *       leave past reasoning out).</li>
 *   <li>Messages of OpenAI's {@code developer} role go to every provider but OpenAI as {@code system} messages:
 *       DeepSeek, DeepInfra, Alibaba and Z.AI refuse the role (HTTP 400 or 422), and the others' documentation
 *       does not name it, while all of them take {@code system}.</li>
 *   <li>Groq refuses {@code logprobs}, {@code logit_bias}, {@code top_logprobs} and a message's {@code name} (HTTP
 *       400, as its OpenAI-compatibility page lists): they are left out.</li>
 *   <li>Without tools, no {@code tool_choice} or {@code parallel_tool_calls}, which OpenAI refuses then.</li>
 *   <li>Perplexity takes, after its leading system messages, only user and assistant messages in turn, the user's
 *       first (HTTP 400 otherwise): a later system message goes as the user's, messages of one role in a row as
 *       one, and an assistant message before the user's first (an app's greeting) as a system message.</li>
 * </ul>
 */
final class OpenAiDialects {

    /** Fields of assistant messages that answers carry and Mistral's message schema lacks. */
    private static final List<String> ANSWER_FIELDS = List.of("refusal", "annotations", "audio");
    private static final Set<String> TAKE_REASONING_CONTENT = Set.of("deepseek", "moonshot", "z-ai");
    private static final Set<String> OPENAI_EFFORTS = Set.of("none", "minimal", "low", "medium", "high", "xhigh");
    /** Fields Groq answers with HTTP 400. */
    private static final List<String> GROQ_REFUSED = List.of("logprobs", "logit_bias", "top_logprobs");
    /** What the system message carrying an assistant's opening words to Perplexity says before them. */
    static final String OPENING = "Before the user's first message, you opened the conversation with:\n\n";

    private OpenAiDialects() {
    }

    /** Adapts {@code body}, a chat-completions body of its own, in place for the provider {@code slug}. */
    static ObjectNode adapt(String slug, ObjectNode body) {
        noChoiceWithoutTools(body);
        if (slug.equals("openrouter")) {
            return body;
        }
        ReasoningRequest reasoning = ReasoningRequest.of(body);
        body.remove(List.of("reasoning", "include_reasoning", "reasoning_effort"));
        pastReasoning(slug, body);
        if (!slug.equals("openai")) {
            developerAsSystem(body);
        }
        if (slug.equals("groq")) {
            groq(body);
        }
        if (slug.equals("perplexity") && body.get("messages") instanceof ArrayNode messages) {
            body.set("messages", alternating(messages));
        }
        switch (slug) {
            case "openai" -> {
                rename(body, "max_tokens", "max_completion_tokens");
                effort(body, reasoning, e -> e.equals("max") ? "xhigh" : OPENAI_EFFORTS.contains(e) ? e : null);
            }
            case "xai" -> effort(body, reasoning, e -> e.equals("none") ? null
                    : e.equals("minimal") || e.equals("low") ? "low" : "high");
            case "mistral" -> mistral(body);
            default -> effort(body, reasoning, OpenAiDialects::plainEffort);
        }
        return body;
    }

    /**
     * Without tools (none, or an empty array), no {@code tool_choice} or {@code parallel_tool_calls} either, nor the
     * empty array: OpenAI answers each with 400 (it takes the two fields only along with tools, and an array needs
     * a tool), and DeepSeek refuses an empty array too. A choice forcing a call without tools is refused before
     * ({@code ChatRequests}), so the choice that goes is {@code auto} or {@code none}, which ask for nothing a
     * request without tools does not get: an answer without calls.
     */
    private static void noChoiceWithoutTools(ObjectNode body) {
        JsonNode tools = body.get("tools");
        if (tools == null || tools.isNull() || tools.isArray() && tools.isEmpty()) {
            body.remove(List.of("tools", "tool_choice", "parallel_tool_calls"));
        }
    }

    /** An effort as most providers word it: low, medium or high; none is not sent. */
    private static String plainEffort(String effort) {
        return switch (effort) {
            case "none" -> null;
            case "minimal", "low" -> "low";
            case "medium" -> "medium";
            default -> "high";
        };
    }

    private static void developerAsSystem(ObjectNode body) {
        for (JsonNode message : body.path("messages")) {
            if (message instanceof ObjectNode m && "developer".equals(m.path("role").asString(""))) {
                m.put("role", "system");
            }
        }
    }

    /** Groq's refused fields left out, and the {@code name} of messages but legacy function results (which need it). */
    private static void groq(ObjectNode body) {
        body.remove(GROQ_REFUSED);
        for (JsonNode message : body.path("messages")) {
            if (message instanceof ObjectNode m && !"function".equals(m.path("role").asString(""))) {
                m.remove("name");
            }
        }
    }

    /**
     * {@code messages} with user and assistant messages in turn after the leading system messages, the user's first:
     * a later system message becomes the user's, a user or assistant message following one of its role (neither
     * calling tools) joins it, and an assistant message before the user's first becomes a system message
     * ({@link #opening}).
     */
    private static ArrayNode alternating(ArrayNode messages) {
        opening(messages);
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (JsonNode message : messages) {
            if (!(message instanceof ObjectNode m)) {
                out.add(message);
                continue;
            }
            ObjectNode last = out.isEmpty() || !(out.get(out.size() - 1) instanceof ObjectNode o) ? null : o;
            String lastRole = last == null ? "" : last.path("role").asString("");
            if ("system".equals(m.path("role").asString("")) && last != null && !lastRole.equals("system")) {
                m.put("role", "user");
            }
            String role = m.path("role").asString("");
            if ((role.equals("user") || role.equals("assistant")) && role.equals(lastRole)
                    && !callsTools(m) && !callsTools(last)) {
                last.set("content", joined(last.get("content"), m.get("content")));
            } else {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * Makes the assistant's messages before any other but system ones (an app that opens with a greeting) a system
     * message telling the model it opened with those words (several in a row, one); one without text goes. This comes
     * before the turns are put in order, so that a system message after the greeting stays a system message. Perplexity
     * answers 400 unless user (or tool) messages and assistant ones take turns from the first message after the system
     * ones, the user's side first, while it takes any number of system messages at the start. So the greeting's words
     * stay the assistant's and the user's stay the user's own: as a user message the greeting would read as the user's
     * words, and a user message made up before it would put words in the user's mouth. An opening that calls tools or
     * holds parts other than text stays as it is, since a system message cannot carry them.
     */
    private static void opening(ArrayNode messages) {
        int i = 0;
        int made = -1; // the system message made of the greeting so far
        while (i < messages.size()) {
            JsonNode message = messages.get(i);
            String role = message.path("role").asString("");
            if (role.equals("system")) {
                i++;
                continue;
            }
            boolean media = message.path("content").valueStream()
                    .anyMatch(p -> !"text".equals(p.path("type").asString("")));
            if (!role.equals("assistant") || callsTools(message) || media) {
                return;
            }
            String text = OpenAiRequests.text(message.get("content"), "\n\n");
            if (text.isBlank()) {
                messages.remove(i);
            } else if (made == i - 1 && made >= 0) {
                ObjectNode greeting = (ObjectNode) messages.get(made);
                greeting.put("content", greeting.get("content").asString() + "\n\n" + text);
                messages.remove(i);
            } else {
                messages.set(i, JsonNodeFactory.instance.objectNode().put("role", "system")
                        .put("content", OPENING + text));
                made = i++;
            }
        }
    }

    private static boolean callsTools(JsonNode message) {
        return message.path("tool_calls").isArray() && !message.path("tool_calls").isEmpty();
    }

    /** Two messages' contents as one: strings joined by a blank line, else their parts one after the other. */
    private static JsonNode joined(JsonNode first, JsonNode second) {
        if (first == null || first.isNull()) {
            return second;
        }
        if (second == null || second.isNull()) {
            return first;
        }
        if (first.isString() && second.isString()) {
            return JsonNodeFactory.instance.stringNode(first.asString() + "\n\n" + second.asString());
        }
        ArrayNode parts = JsonNodeFactory.instance.arrayNode();
        for (JsonNode content : List.of(first, second)) {
            if (content.isArray()) {
                parts.addAll((ArrayNode) content);
            } else {
                parts.addObject().put("type", "text").put("text", content.asString(""));
            }
        }
        return parts;
    }

    private static void mistral(ObjectNode body) {
        body.remove(List.of("stream_options", "user"));
        rename(body, "max_completion_tokens", "max_tokens");
        rename(body, "seed", "random_seed");
        for (JsonNode message : body.path("messages")) {
            if (message instanceof ObjectNode m && "assistant".equals(m.path("role").asString(""))) {
                m.remove(ANSWER_FIELDS);
            }
        }
    }

    /** Puts the reasoning of each assistant message in the provider's own field, or leaves it out. */
    private static void pastReasoning(String slug, ObjectNode body) {
        for (JsonNode message : body.path("messages")) {
            if (!(message instanceof ObjectNode m) || !"assistant".equals(m.path("role").asString(""))) {
                continue;
            }
            String reasoning = reasoningOf(m);
            m.remove(ReasoningFields.NAMES);
            if (TAKE_REASONING_CONTENT.contains(slug)) {
                if (!reasoning.isEmpty() || m.has("tool_calls")) {
                    m.put("reasoning_content", reasoning); // a tool call's turn needs it, if only empty
                }
            } else if (slug.equals("minimax") && !reasoning.isEmpty() && !m.path("content").isArray()) {
                m.put("content", "<think>" + reasoning + "</think>\n\n" + m.path("content").asString(""));
            }
        }
    }

    /** An assistant message's reasoning: its {@code reasoning}, else the texts of its details, else "". */
    private static String reasoningOf(ObjectNode message) {
        if (!message.path("reasoning").asString("").isEmpty()) {
            return message.get("reasoning").asString();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode detail : message.path("reasoning_details")) {
            if (detail.path("type").asString("").equals("reasoning.text")) {
                text.append(detail.path("text").asString(""));
            }
        }
        return text.isEmpty() ? message.path("reasoning_content").asString("") : text.toString();
    }

    /** Moves {@code from}'s value to {@code to}, unless {@code to} is set already (then {@code from} just goes). */
    private static void rename(ObjectNode body, String from, String to) {
        JsonNode value = body.remove(from);
        if (value != null && !body.hasNonNull(to)) {
            body.set(to, value);
        }
    }

    /** Sets {@code reasoning_effort} to the provider's word for the effort asked ({@code reasoning} or its own). */
    private static void effort(ObjectNode body, ReasoningRequest reasoning, UnaryOperator<String> word) {
        if (reasoning == null || reasoning.effort() == null) {
            return;
        }
        String effort = word.apply(reasoning.effort());
        if (effort != null) {
            body.put("reasoning_effort", effort);
        }
    }
}
