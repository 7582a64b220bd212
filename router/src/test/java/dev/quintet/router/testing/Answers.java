package dev.quintet.router.testing;

/** Bodies in OpenAI's chat-completions format, as the fake upstream sends them. */
final class Answers {

    private Answers() {
    }

    static final String USAGE = "{\"prompt_tokens\":9,\"completion_tokens\":2,\"total_tokens\":11}";

    /** Usage with every kind of token: 2,000 prompt (1,200 cache reads, 500 cache writes), 700 out (300 reasoning). */
    static final String CACHED_USAGE = "{\"prompt_tokens\":2000,\"completion_tokens\":700,\"total_tokens\":2700,"
            + "\"prompt_tokens_details\":{\"cached_tokens\":1200,\"cache_write_tokens\":500},"
            + "\"completion_tokens_details\":{\"reasoning_tokens\":300}}";

    /** Usage near the limit a request with {@code max_tokens: 100} reserves for. */
    static final String BIG_USAGE = "{\"prompt_tokens\":5,\"completion_tokens\":100,\"total_tokens\":105}";

    static String completion(String model) {
        return completion(model, USAGE);
    }

    /** A completion whose {@code usage} is {@code usage}, left out when null. */
    static String completion(String model, String usage) {
        return """
                {"id":"chatcmpl-1","object":"chat.completion","created":1767225600,"model":"%s",\
                "system_fingerprint":"fp_1","choices":[{"index":0,"message":{"role":"assistant","content":"Hello",\
                "refusal":null},"logprobs":null,"finish_reason":"stop"}]%s}"""
                .formatted(model, usage == null ? "" : ",\"usage\":" + usage);
    }

    /** A completion of {@code chars} characters of text, usage as {@link #USAGE}. */
    static String longCompletion(String model, int chars) {
        return completion(model).replace("\"content\":\"Hello\"", "\"content\":\"" + "a".repeat(chars) + "\"");
    }

    /** Usage of an answer that reasoned: 9 prompt, 12 completion tokens of which 10 reasoning. */
    static final String REASONED_USAGE = "{\"prompt_tokens\":9,\"completion_tokens\":12,\"total_tokens\":21,"
            + "\"completion_tokens_details\":{\"reasoning_tokens\":10}}";

    /** An answer with reasoning text beside its content. */
    static String reasoned(String model) {
        return """
                {"id":"chatcmpl-4","object":"chat.completion","created":1767225600,"model":"%s",\
                "choices":[{"index":0,"message":{"role":"assistant","content":"Hello","reasoning":"Let me think.",\
                "reasoning_details":[{"type":"reasoning.text","text":"Let me think.","index":0}]},\
                "finish_reason":"stop"}],"usage":%s}""".formatted(model, REASONED_USAGE);
    }

    static String toolCall(String model) {
        return """
                {"id":"chatcmpl-2","object":"chat.completion","created":1767225600,"model":"%s",\
                "choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1",\
                "type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]},\
                "finish_reason":"tool_calls"}],"usage":{"prompt_tokens":20,"completion_tokens":8,"total_tokens":28}}"""
                .formatted(model);
    }

    static String chunk(String model, String delta, String finish) {
        return "{\"id\":\"chatcmpl-3\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,\"model\":\"" + model
                + "\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":"
                + (finish == null ? "null" : "\"" + finish + "\"") + "}],\"usage\":null}";
    }

    static String usageChunk(String model, String usage) {
        return "{\"id\":\"chatcmpl-3\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,\"model\":\"" + model
                + "\",\"choices\":[],\"usage\":" + usage + "}";
    }
}
