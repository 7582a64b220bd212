package dev.quintet.router.testing;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;

/**
 * The fake's Anthropic Messages side, shaped after Anthropic's documented bodies and stream events. The model picks
 * the behaviour: {@code ok} (text), {@code tools} (a signed thinking block, text and a tool_use block; usage with
 * cache reads and writes, some of them to a one-hour cache), {@code err400}, {@code err401}, {@code err429} (with
 * {@code Retry-After: 7}), {@code err529} (overloaded_error), {@code slow} (first byte after 1.2 s), {@code drop}
 * (cut after one text delta), {@code errorbefore} (an overloaded_error event after message_start), {@code unsetcounts}
 * (streamed: the usage of {@code tools} in message_start, and a message_delta whose usage has its counts other than
 * output null), {@code noargs} (streamed: text, then a tool_use block of a tool without parameters, whose only
 * input JSON is empty).
 */
final class AnthropicWire {

    static final String OK = """
            {"id":"msg_01ok","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text",\
            "text":"Hello"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":9,\
            "cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":2}}""";

    static final String TOOLS = """
            {"id":"msg_01tools","type":"message","role":"assistant","model":"claude-test","content":[\
            {"type":"thinking","thinking":"The user wants the weather.","signature":"sig-ant-1"},\
            {"type":"text","text":"Let me check."},\
            {"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{"city":"Paris"}}],\
            "stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":100,\
            "cache_creation_input_tokens":500,"cache_read_input_tokens":1200,"cache_creation":\
            {"ephemeral_5m_input_tokens":300,"ephemeral_1h_input_tokens":200},"output_tokens":700}}""";

    private AnthropicWire() {
    }

    static void handle(HttpExchange exchange, JsonNode body) throws IOException {
        String model = body.path("model").asString();
        switch (model) {
            case "err400" -> error(exchange, 400, "invalid_request_error", "messages: roles must alternate");
            case "err401" -> error(exchange, 401, "authentication_error", "invalid x-api-key");
            case "err429" -> {
                exchange.getResponseHeaders().add("Retry-After", "7");
                error(exchange, 429, "rate_limit_error", "Number of request tokens has exceeded your rate limit");
            }
            case "err529" -> error(exchange, 529, "overloaded_error", "Overloaded");
            default -> {
                if (body.path("stream").asBoolean(false)) {
                    stream(exchange, model);
                } else {
                    FakeUpstream.json(exchange, 200, model.equals("tools") ? TOOLS : OK);
                }
            }
        }
    }

    private static void stream(HttpExchange exchange, String model) throws IOException {
        if (model.equals("slow")) {
            FakeUpstream.sleep(1200);
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        boolean tools = model.equals("tools");
        boolean cached = tools || model.equals("unsetcounts");
        event(out, "message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_01s\",\"type\":\"message\","
                + "\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"stop_reason\":null,"
                + "\"usage\":{\"input_tokens\":" + (cached ? 100 : 9) + ",\"cache_creation_input_tokens\":"
                + (cached ? 500 : 0) + ",\"cache_read_input_tokens\":" + (cached ? 1200 : 0) + ",\"cache_creation\":"
                + "{\"ephemeral_5m_input_tokens\":" + (cached ? 300 : 0) + ",\"ephemeral_1h_input_tokens\":"
                + (cached ? 200 : 0) + "},\"output_tokens\":1}}}");
        if (model.equals("errorbefore")) {
            event(out, "error", "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}");
            return;
        }
        event(out, "ping", "{\"type\":\"ping\"}");
        int block = 0;
        if (tools) {
            event(out, "content_block_start", start(block, "{\"type\":\"thinking\",\"thinking\":\"\"}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"thinking_delta\",\"thinking\":\"The user \"}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"thinking_delta\",\"thinking\":\"wants the weather.\"}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"signature_delta\",\"signature\":\"sig-ant-1\"}"));
            event(out, "content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + block++ + "}");
        }
        event(out, "content_block_start", start(block, "{\"type\":\"text\",\"text\":\"\"}"));
        event(out, "content_block_delta", delta(block, "{\"type\":\"text_delta\",\"text\":\"Hel\"}"));
        if (model.equals("drop")) {
            return;
        }
        event(out, "content_block_delta", delta(block, "{\"type\":\"text_delta\",\"text\":\"lo\"}"));
        event(out, "content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + block++ + "}");
        if (tools) {
            event(out, "content_block_start", start(block, "{\"type\":\"tool_use\",\"id\":\"toolu_01A\","
                    + "\"name\":\"get_weather\",\"input\":{}}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"input_json_delta\",\"partial_json\":\"\"}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"city\\\":\"}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"input_json_delta\",\"partial_json\":\" \\\"Paris\\\"}\"}"));
            event(out, "content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + block + "}");
        }
        if (model.equals("noargs")) {
            event(out, "content_block_start", start(block, "{\"type\":\"tool_use\",\"id\":\"toolu_01T\","
                    + "\"name\":\"get_time\",\"input\":{}}"));
            event(out, "content_block_delta", delta(block, "{\"type\":\"input_json_delta\",\"partial_json\":\"\"}"));
            event(out, "content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + block + "}");
        }
        String nulls = !model.equals("unsetcounts") ? "" : "\"input_tokens\":null,\"cache_creation_input_tokens\":null,"
                + "\"cache_read_input_tokens\":null,\"cache_creation\":{\"ephemeral_5m_input_tokens\":null,"
                + "\"ephemeral_1h_input_tokens\":null},\"server_tool_use\":null,";
        event(out, "message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\""
                + (tools || model.equals("noargs") ? "tool_use" : "end_turn") + "\",\"stop_sequence\":null},"
                + "\"usage\":{" + nulls
                + "\"output_tokens\":" + (tools ? 700 : 2) + "}}");
        event(out, "message_stop", "{\"type\":\"message_stop\"}");
    }

    private static String start(int index, String block) {
        return "{\"type\":\"content_block_start\",\"index\":" + index + ",\"content_block\":" + block + "}";
    }

    private static String delta(int index, String delta) {
        return "{\"type\":\"content_block_delta\",\"index\":" + index + ",\"delta\":" + delta + "}";
    }

    private static void event(OutputStream out, String name, String data) throws IOException {
        out.write(("event: " + name + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void error(HttpExchange exchange, int status, String type, String message) throws IOException {
        FakeUpstream.json(exchange, status, "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\""
                + message + "\"},\"request_id\":\"req_011\"}");
    }
}
