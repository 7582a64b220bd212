package dev.quintet.router.routing;

import tools.jackson.databind.JsonNode;

/**
 * A field of a request that only a provider speaking OpenAI's format can honour, so endpoints the router translates
 * for are skipped: a text completion's {@code suffix} (the prompt becomes a chat message there), and OpenAI's legacy
 * function calling ({@code functions}, {@code function_call}, assistant messages with a {@code function_call} and
 * messages of role {@code function}), which the Anthropic and Gemini translations do not carry and whose answer's
 * shape ({@code message.function_call}) they cannot give; and tools other than functions (OpenAI's {@code custom}
 * tools, say), which those translations would leave out.
 *
 * @param param the field, as the error names it
 * @param reason why translated endpoints cannot take it
 */
record OpenAiFormatOnly(String param, String reason) {

    /** The field of {@code request} that needs OpenAI's format, or null when it has none. */
    static OpenAiFormatOnly of(ChatRequest request) {
        JsonNode body = request.body();
        if (request.text() && body.hasNonNull("suffix")) {
            return new OpenAiFormatOnly("suffix", "its providers have no text-completions endpoint (the router "
                    + "translates the prompt to a chat message there, which cannot take a suffix)");
        }
        for (JsonNode tool : body.path("tools")) {
            String type = tool.path("type").asString("function");
            if (!type.equals("function")) {
                return new OpenAiFormatOnly("tools", "a tool of type '" + type + "' goes only to providers speaking "
                        + "OpenAI's format, which get it as sent; the Anthropic and Gemini translations carry function "
                        + "tools only");
            }
        }
        String legacy = "is OpenAI's legacy function calling, which only providers speaking OpenAI's format take; "
                + "use tools and tool_choice (and tool_calls, role tool) instead";
        for (String field : new String[] {"functions", "function_call"}) {
            if (body.hasNonNull(field)) {
                return new OpenAiFormatOnly(field, legacy);
            }
        }
        for (JsonNode message : body.path("messages")) {
            if (message.path("role").asString("").equals("function") || message.hasNonNull("function_call")) {
                return new OpenAiFormatOnly("messages", legacy);
            }
        }
        return null;
    }
}
