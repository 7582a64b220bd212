package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.OpenAiRequests.FunctionTool;
import dev.quintet.router.providers.translation.OpenAiRequests.ToolChoice;
import dev.quintet.router.providers.translation.ReasoningRequest;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI chat-completions body as a Messages body: messages (see {@link AnthropicMessages}), {@code max_tokens},
 * stop sequences (but blank ones, which Anthropic refuses), sampling (a temperature above Anthropic's 1 as 1; of
 * {@code temperature} and {@code top_p} only the temperature, since recent models refuse both), tools and tool
 * choice, a JSON schema response format as structured output ({@link AnthropicOutputFormat}), {@code reasoning} as
 * {@code thinking}, {@code user} as {@code metadata.user_id}. Fields Anthropic has no
 * counterpart for are left out, since it rejects unknown ones.
 */
final class AnthropicRequest {

    private AnthropicRequest() {
    }

    /**
     * {@code answerLimit} is sent as {@code max_tokens} when the body sets neither max field; {@code structured}
     * says whether the endpoint takes structured output ({@link AnthropicOutputFormat}).
     */
    static ObjectNode of(ObjectNode body, long answerLimit, boolean stream, boolean structured) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("model", body.path("model").asString());
        AnthropicMessages messages = AnthropicMessages.of(body.path("messages"));
        if (!messages.system().isEmpty()) {
            out.set("system", messages.system());
        }
        out.set("messages", messages.turns());
        Long asked = OpenAiRequests.maxTokens(body);
        long maxTokens = asked != null ? asked : answerLimit;
        out.put("max_tokens", maxTokens);
        List<String> stops = OpenAiRequests.stops(body).stream().filter(stop -> !stop.isBlank()).toList();
        if (!stops.isEmpty()) {
            ArrayNode sequences = out.putArray("stop_sequences");
            stops.forEach(sequences::add);
        }
        for (String[] names : new String[][] {{"temperature", "temperature"}, {"top_p", "top_p"}, {"top_k", "top_k"}}) {
            if (body.path(names[0]).isNumber()) {
                out.set(names[1], body.get(names[0]));
            }
        }
        if (out.path("temperature").asDouble(0) > 1) {
            out.put("temperature", 1);
        }
        List<FunctionTool> functions = OpenAiRequests.functionTools(body.get("tools"));
        AnthropicOutputFormat output = AnthropicOutputFormat.of(body, functions, structured,
                messages.endsWithPrefill());
        tools(body, functions, out, messages, output.strict());
        if (output.format() != null) {
            out.putObject("output_config").putObject("format").put("type", "json_schema")
                    .set("schema", output.format());
        }
        thinking(body, out, maxTokens, messages);
        if (!out.has("thinking")) {
            messages.dropPrefillThinking();
        }
        if (out.has("temperature") && out.has("top_p")) {
            out.remove("top_p");
        }
        if (body.path("user").isString()) {
            out.putObject("metadata").put("user_id", body.get("user").asString());
        }
        if (stream) {
            out.put("stream", true);
        }
        return out;
    }

    /**
     * The request's tools and tool choice; a tool in {@code strict} goes strict with the closed schema given there
     * (its calls always match it), the others as plain tools ({@link AnthropicOutputFormat}). When it has no tools
     * but its turns call some (tools dropped, or a call that summarises a conversation), each tool called gets a bare
     * definition, since Anthropic refuses {@code tool_use} and {@code tool_result} blocks without {@code tools}; the
     * tool choice is then {@code none}, whatever the request sets, since the caller offers no tool to call: a request
     * without tools gets no calls (as at OpenAI), and a call of a bare definition would have no schema to follow.
     */
    private static void tools(ObjectNode body, List<FunctionTool> functions, ObjectNode out,
                              AnthropicMessages messages, Map<FunctionTool, ObjectNode> strict) {
        if (functions.isEmpty() && !messages.toolNames().isEmpty()) {
            ArrayNode tools = out.putArray("tools");
            messages.toolNames().forEach(name -> tools.addObject().put("name", name)
                    .putObject("input_schema").put("type", "object"));
            out.putObject("tool_choice").put("type", "none");
            return;
        }
        if (!functions.isEmpty()) {
            ArrayNode tools = out.putArray("tools");
            for (FunctionTool f : functions) {
                ObjectNode tool = tools.addObject().put("name", f.name());
                if (f.description() != null) {
                    tool.put("description", f.description());
                }
                if (strict.containsKey(f)) {
                    tool.set("input_schema", strict.get(f));
                    tool.put("strict", true);
                } else {
                    tool.set("input_schema", f.parameters());
                }
            }
        }
        ToolChoice choice = OpenAiRequests.toolChoice(body);
        boolean serial = body.path("parallel_tool_calls").isBoolean() && !body.get("parallel_tool_calls").asBoolean();
        if (!out.has("tools") || choice == null && !(serial && !functions.isEmpty())) {
            return; // no choice among no tools, which Anthropic refuses
        }
        ObjectNode toolChoice = out.putObject("tool_choice");
        switch (choice == null ? "auto" : choice.mode()) {
            case "none" -> toolChoice.put("type", "none");
            case "required" -> toolChoice.put("type", "any");
            case "function" -> toolChoice.put("type", "tool").put("name", choice.name());
            default -> toolChoice.put("type", "auto");
        }
        if (serial && !"none".equals(toolChoice.path("type").asString())) {
            toolChoice.put("disable_parallel_tool_use", true);
        }
    }

    /**
     * {@code thinking{type: enabled, budget_tokens}}, the budget at least {@link ReasoningRequest#MIN_BUDGET} (the
     * least Anthropic takes) and under {@code max_tokens}, as Anthropic requires (a {@code max_tokens} that leaves no
     * room for that leaves thinking off rather than answer with Anthropic's 400 or spend more than asked); with
     * thinking on, Anthropic takes no temperature or top_k and top_p only from 0.95, so those go. Thinking is left
     * off when {@code tool_choice} forces tool use ({@code any} or a named tool), which Anthropic refuses with it:
     * the forced choice is what the caller asked to get. It is left off too within a tool loop whose calling turn
     * does not start with a thinking block ({@link AnthropicMessages#toolLoopWithoutThinking}), which Anthropic
     * refuses with thinking on.
     */
    private static void thinking(ObjectNode body, ObjectNode out, long maxTokens, AnthropicMessages messages) {
        ReasoningRequest reasoning = ReasoningRequest.of(body);
        String choice = out.path("tool_choice").path("type").asString("");
        if (reasoning == null || reasoning.off() || maxTokens <= ReasoningRequest.MIN_BUDGET
                || choice.equals("any") || choice.equals("tool") || messages.toolLoopWithoutThinking()) {
            return;
        }
        long budget = Math.min(Math.max(reasoning.budget(maxTokens), ReasoningRequest.MIN_BUDGET), maxTokens - 1);
        out.putObject("thinking").put("type", "enabled").put("budget_tokens", budget);
        out.remove(List.of("temperature", "top_k"));
        JsonNode topP = out.get("top_p");
        if (topP != null && topP.asDouble() < 0.95) {
            out.remove("top_p");
        }
    }
}
