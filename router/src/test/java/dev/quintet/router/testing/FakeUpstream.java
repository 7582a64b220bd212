package dev.quintet.router.testing;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A provider on a real port speaking OpenAI's chat-completions format, and, under paths ending in {@code /v1/messages}
 * and {@code :generateContent} / {@code :streamGenerateContent}, Anthropic's (see {@link AnthropicWire}) and Gemini's
 * (see {@link GeminiWire}). For OpenAI's format the upstream model name picks the behaviour: {@code ok}, {@code tools},
 * {@code err400}, {@code err401}, {@code err429}, {@code err500}, {@code emptydone} (streamed: an error in an
 * {@code error:} line, then {@code [DONE]} without any answer), {@code choiceusage} (streamed: usage only inside the
 * finish chunk's choice, as Moonshot sends it), {@code tpm413} (Groq's 413 over a tokens-per-minute limit),
 * {@code retired} (Groq's 400 for a decommissioned model), {@code flagged} (OpenRouter's 403 for input its moderation
 * flagged; streamed: the same as an error event before any content), {@code extra422} (Mistral's 422 for a field it
 * lacks, its message an object), {@code slow} (first byte after 1.2 s), {@code drop} (connection cut after one content
 * chunk), {@code stall} (one content chunk, then silence until the caller hangs up), {@code nousage},
 * {@code errorbefore} (an error event before any content), {@code cached} (usage with cache and reasoning tokens),
 * {@code big} (after 400 ms, usage of 5 prompt and 100 completion tokens), {@code long} (after 500 ms, 1 MiB of
 * content), {@code lag} (answers after 1 s), {@code thinks} (reasoning text and reasoning tokens), {@code thinktags}
 * (the same reasoning in {@code <think>} tags before the content, streamed in pieces that split the tags),
 * {@code thinkcut} (streamed: a thought cut off inside its closing tag, then usage and {@code [DONE]} without a finish
 * reason), {@code hang} (sends nothing for 3 s, then closes the connection). Under {@code /v1/completions} it answers
 * legacy text completions (see {@link TextWire}); there {@code chatonly} answers 404 as OpenAI does for chat models.
 * Requests are recorded.
 */
public final class FakeUpstream implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A request the fake received. */
    public record Received(String path, String query, Headers headers, JsonNode body) {

        public String authorization() {
            return headers.getFirst("Authorization");
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch hungUp = new CountDownLatch(1);

    public FakeUpstream() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public String baseUrl(String prefix) {
        return root(prefix) + "/v1";
    }

    /** A base URL without the {@code /v1}, as Anthropic's and Gemini's base URLs are. */
    public String root(String prefix) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + prefix;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** The provider prefixes of the paths received, in order ({@code /a/}, {@code /b/}): which fakes were called. */
    public List<String> reached() {
        return received().stream().map(r -> r.path().substring(0, 3)).toList();
    }

    public void clear() {
        received.clear();
        hungUp = new CountDownLatch(1);
    }

    /** Counts down when a {@code stall} stream finds its caller gone. */
    public CountDownLatch hungUp() {
        return hungUp;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            String path = exchange.getRequestURI().getPath();
            received.add(new Received(path, exchange.getRequestURI().getQuery(), exchange.getRequestHeaders(), body));
            if (path.endsWith("/v1/messages")) {
                AnthropicWire.handle(exchange, body);
                return;
            }
            if (path.contains(":generateContent") || path.contains(":streamGenerateContent")) {
                GeminiWire.handle(exchange, path.substring(path.lastIndexOf('/') + 1, path.lastIndexOf(':')));
                return;
            }
            String model = body.path("model").asString();
            if (path.endsWith("/v1/completions") && model.equals("chatonly")) {
                error(exchange, 404, "This is a chat model and not supported in the v1/completions endpoint");
                return;
            }
            switch (model) {
                case "err400" -> error(exchange, 400, "max_tokens is too large for this model");
                case "err401" -> error(exchange, 401, "Incorrect API key provided");
                case "err429" -> {
                    exchange.getResponseHeaders().add("Retry-After", "7");
                    error(exchange, 429, "Rate limit reached");
                }
                case "err500" -> error(exchange, 500, "The server had an error");
                case "flagged" -> json(exchange, 403, "{\"error\":{\"code\":403,\"message\":\"flagged requires "
                        + "moderation on Fake. Your input was flagged for \\\"harassment\\\". No credits were "
                        + "charged.\","
                        + "\"metadata\":{\"reasons\":[\"harassment\"],\"flagged_input\":\"Hi\",\"provider_name\":"
                        + "\"Fake\",\"model_slug\":\"flagged\"}}}");
                case "tpm413" -> json(exchange, 413, "{\"error\":{\"message\":\"Request too large for model: Limit "
                        + "6000, Requested 9000\",\"type\":\"tokens\",\"code\":\"rate_limit_exceeded\"}}");
                case "retired" -> json(exchange, 400, "{\"error\":{\"message\":\"The model has been decommissioned\","
                        + "\"type\":\"invalid_request_error\",\"code\":\"model_decommissioned\"}}");
                case "extra422" -> json(exchange, 422, "{\"object\":\"error\",\"message\":{\"detail\":[{\"type\":"
                        + "\"extra_forbidden\",\"loc\":[\"body\",\"stream_options\"]}]},\"type\":"
                        + "\"invalid_request_error\",\"param\":null,\"code\":null}");
                case "hang" -> sleep(3000);
                default -> {
                    if (path.endsWith("/v1/completions")) {
                        TextWire.handle(exchange, body);
                    } else if (body.path("stream").asBoolean(false)) {
                        stream(exchange, model);
                    } else {
                        json(exchange, 200, answer(model));
                    }
                }
            }
        }
    }

    private static String answer(String model) {
        return switch (model) {
            case "tools" -> Answers.toolCall(model);
            case "nousage" -> Answers.completion(model, null);
            case "cached" -> Answers.completion(model, Answers.CACHED_USAGE);
            case "thinks" -> Answers.reasoned(model);
            case "thinktags" -> Answers.completion(model, Answers.REASONED_USAGE).replace("\"content\":\"Hello\"",
                    "\"content\":\"<think>Let me think.</think>\\n\\nHello\"");
            case "lag" -> {
                sleep(1000);
                yield Answers.completion(model);
            }
            case "big" -> {
                sleep(400);
                yield Answers.completion(model, Answers.BIG_USAGE);
            }
            case "long" -> {
                sleep(500);
                yield Answers.longCompletion(model, 1 << 20);
            }
            default -> Answers.completion(model);
        };
    }

    private void stream(HttpExchange exchange, String model) throws IOException {
        if (model.equals("slow")) {
            sleep(1200);
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        send(out, Answers.chunk(model, "{\"role\":\"assistant\",\"content\":\"\"}", null));
        if (model.equals("emptydone")) {
            out.write("error: {\"code\":500,\"message\":\"failed to load model\"}\n\ndata: [DONE]\n\n"
                    .getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (model.equals("thinks")) {
            send(out, Answers.chunk(model, "{\"reasoning\":\"Let me think.\",\"reasoning_details\":[{\"type\":"
                    + "\"reasoning.text\",\"text\":\"Let me think.\",\"index\":0}]}", null));
        }
        if (model.equals("thinkcut")) {
            send(out, Answers.chunk(model, "{\"content\":\"<think>Let me</th\"}", null));
            send(out, Answers.usageChunk(model, Answers.REASONED_USAGE));
            out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (model.equals("thinktags")) {
            for (String piece : new String[] {"<thi", "nk>Let me", " think.</th", "ink>\\n\\n"}) {
                send(out, Answers.chunk(model, "{\"content\":\"" + piece + "\"}", null));
            }
        }
        if (model.equals("errorbefore")) {
            send(out, "{\"error\":{\"code\":503,\"message\":\"overloaded\"}}");
            return;
        }
        if (model.equals("flagged")) {
            send(out, "{\"error\":{\"code\":403,\"message\":\"Your input was flagged for \\\"harassment\\\".\","
                    + "\"metadata\":{\"reasons\":[\"harassment\"],\"flagged_input\":\"Hi\"}}}");
            return;
        }
        send(out, Answers.chunk(model, "{\"content\":\"Hel\"}", null));
        if (model.equals("drop")) {
            return;
        }
        if (model.equals("stall")) {
            waitForHangUp(out);
            return;
        }
        send(out, Answers.chunk(model, "{\"content\":\"lo\"}", null));
        if (model.equals("choiceusage")) {
            send(out, Answers.chunk(model, "{}", "stop").replace("\"finish_reason\":\"stop\"",
                    "\"finish_reason\":\"stop\",\"usage\":" + Answers.CACHED_USAGE));
        } else {
            send(out, Answers.chunk(model, "{}", "stop"));
        }
        if (!model.equals("nousage") && !model.equals("choiceusage")) {
            send(out, Answers.usageChunk(model, model.equals("cached") ? Answers.CACHED_USAGE
                    : model.startsWith("think") ? Answers.REASONED_USAGE : Answers.USAGE));
        }
        out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    void waitForHangUp(OutputStream out) {
        try {
            for (int i = 0; i < 300; i++) {
                sleep(100);
                out.write(": waiting\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException gone) {
            hungUp.countDown();
        }
    }

    static void send(OutputStream out, String json) throws IOException {
        out.write(("data: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void error(HttpExchange exchange, int status, String message) throws IOException {
        json(exchange, status, "{\"error\":{\"message\":\"" + message + "\",\"type\":\"invalid_request_error\","
                + "\"param\":null,\"code\":null}}");
    }

    static void json(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
