package dev.quintet.router.testing;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The fake's Gemini side ({@code generateContent}, and {@code streamGenerateContent?alt=sse} where each event is a
 * whole answer), shaped after Google's documented bodies. The model (from the path) picks the behaviour: {@code ok}
 * (text), {@code tools} (a thought, text and a signed function call; usage with cached and thought tokens),
 * {@code maxtokens} (finish MAX_TOKENS), {@code err400}, {@code badkey} (400 API_KEY_INVALID), {@code err429} (its
 * wait in the body's RetryInfo, as Gemini sends it), {@code err503}, {@code slow} (first byte after 1.2 s),
 * {@code drop} (cut after one text event), {@code errorbefore} (an error event before any content).
 */
final class GeminiWire {

    static final String USAGE = "{\"promptTokenCount\":9,\"candidatesTokenCount\":2,\"totalTokenCount\":11}";
    static final String TOOLS_USAGE = "{\"promptTokenCount\":2000,\"cachedContentTokenCount\":1200,"
            + "\"candidatesTokenCount\":400,\"thoughtsTokenCount\":300,\"totalTokenCount\":2700}";

    static final String THOUGHT = "{\"text\":\"Considering the weather.\",\"thought\":true}";
    static final String CALL = "{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"city\":\"Paris\"}},"
            + "\"thoughtSignature\":\"sig-gem-1\"}";

    /** How Gemini tells the wait after a 429: in the body, not in a {@code Retry-After} header. */
    static final String RETRY_INFO = ",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.QuotaFailure\","
            + "\"violations\":[{\"quotaMetric\":\"generativelanguage.googleapis.com/generate_content_requests\"}]},"
            + "{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\"7s\"}]";

    private GeminiWire() {
    }

    static void handle(HttpExchange exchange, String model) throws IOException {
        boolean stream = exchange.getRequestURI().getPath().endsWith(":streamGenerateContent");
        switch (model) {
            case "err400" -> error(exchange, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.", "");
            case "badkey" -> error(exchange, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.",
                    ",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"API_KEY_INVALID\"}]");
            case "err429" -> error(exchange, 429, "RESOURCE_EXHAUSTED", "You exceeded your current quota.", RETRY_INFO);
            case "err503" -> error(exchange, 503, "UNAVAILABLE", "The model is overloaded. Please try again later.", "");
            default -> {
                if (stream) {
                    stream(exchange, model);
                } else {
                    FakeUpstream.json(exchange, 200, answer(model));
                }
            }
        }
    }

    private static String answer(String model) {
        return switch (model) {
            case "tools" -> response("[" + THOUGHT + ",{\"text\":\"Let me check.\"}," + CALL + "]", "STOP", TOOLS_USAGE);
            case "maxtokens" -> response("[{\"text\":\"Hel\"}]", "MAX_TOKENS", USAGE);
            default -> response("[{\"text\":\"Hello\"}]", "STOP", USAGE);
        };
    }

    static String response(String parts, String finish, String usage) {
        return "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":" + parts + "}"
                + (finish == null ? "" : ",\"finishReason\":\"" + finish + "\"") + ",\"index\":0}]"
                + (usage == null ? "" : ",\"usageMetadata\":" + usage)
                + ",\"modelVersion\":\"gemini-test\",\"responseId\":\"resp-gem-1\"}";
    }

    private static void stream(HttpExchange exchange, String model) throws IOException {
        if (model.equals("slow")) {
            FakeUpstream.sleep(1200);
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        if (model.equals("errorbefore")) {
            FakeUpstream.send(out, "{\"error\":{\"code\":503,\"message\":\"The model is overloaded.\",\"status\":\"UNAVAILABLE\"}}");
            return;
        }
        if (model.equals("tools")) {
            FakeUpstream.send(out, response("[" + THOUGHT + "]", null, null));
            FakeUpstream.send(out, response("[{\"text\":\"Let me check.\"}]", null, null));
            FakeUpstream.send(out, response("[" + CALL + "]", "STOP", TOOLS_USAGE));
            return;
        }
        FakeUpstream.send(out, response("[{\"text\":\"Hel\"}]", null, "{\"promptTokenCount\":9,\"totalTokenCount\":9}"));
        if (model.equals("drop")) {
            return;
        }
        FakeUpstream.send(out, response("[{\"text\":\"lo\"}]", "STOP", USAGE));
    }

    private static void error(HttpExchange exchange, int status, String code, String message, String details)
            throws IOException {
        FakeUpstream.json(exchange, status, "{\"error\":{\"code\":" + status + ",\"message\":\"" + message
                + "\",\"status\":\"" + code + "\"" + details + "}}");
    }
}
