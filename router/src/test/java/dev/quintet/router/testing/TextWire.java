package dev.quintet.router.testing;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import tools.jackson.databind.JsonNode;

/**
 * OpenAI's legacy text completions ({@code POST /v1/completions}) as the fake upstream answers them: the text is
 * {@code Hello} (after the prompt under {@code echo}); with {@code logprobs} a logprobs object comes back; streams
 * send {@code Hel}, {@code lo}, a finish chunk, a usage chunk and {@code [DONE]}.
 */
final class TextWire {

    static final String LOGPROBS = "{\"tokens\":[\"Hello\"],\"token_logprobs\":[-0.25],"
            + "\"top_logprobs\":[{\"Hello\":-0.25}],\"text_offset\":[0]}";

    private TextWire() {
    }

    static void handle(HttpExchange exchange, JsonNode body) throws IOException {
        String model = body.path("model").asString();
        JsonNode prompt = body.path("prompt").isArray() ? body.path("prompt").path(0) : body.path("prompt");
        String echo = body.path("echo").asBoolean(false) ? prompt.asString("") : "";
        String logprobs = body.hasNonNull("logprobs") ? LOGPROBS : "null";
        if (!body.path("stream").asBoolean(false)) {
            FakeUpstream.json(exchange, 200, """
                    {"id":"cmpl-1","object":"text_completion","created":1767225600,"model":"%s",\
                    "choices":[{"text":%s,"index":0,"logprobs":%s,"finish_reason":"stop"}],\
                    "usage":{"prompt_tokens":4,"completion_tokens":1,"total_tokens":5}}"""
                    .formatted(model, quote(echo + "Hello"), logprobs));
            return;
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        FakeUpstream.send(out, chunk(model, echo + "Hel", null));
        if (model.equals("drop")) {
            return;
        }
        FakeUpstream.send(out, chunk(model, "lo", null));
        FakeUpstream.send(out, chunk(model, "", "stop"));
        FakeUpstream.send(out, "{\"id\":\"cmpl-2\",\"object\":\"text_completion\",\"created\":1767225600,\"model\":\""
                + model + "\",\"choices\":[],\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":2,\"total_tokens\":6}}");
        FakeUpstream.send(out, "[DONE]");
    }

    private static String chunk(String model, String text, String finish) {
        return "{\"id\":\"cmpl-2\",\"object\":\"text_completion\",\"created\":1767225600,\"model\":\"" + model
                + "\",\"choices\":[{\"text\":" + quote(text) + ",\"index\":0,\"logprobs\":null,\"finish_reason\":"
                + (finish == null ? "null" : "\"" + finish + "\"") + "}]}";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
