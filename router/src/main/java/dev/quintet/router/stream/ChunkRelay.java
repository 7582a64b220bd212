package dev.quintet.router.stream;

import dev.quintet.platform.web.EventStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Relays the chunks of one upstream stream: gives each the generation's id and names the model and provider, holds
 * back chunks without content (the role preamble) until content arrives, ends with a usage chunk (priced, with
 * empty {@code choices}) and {@code [DONE]}, or with an error chunk when the upstream fails after content has
 * started. What the stream produced is kept in a {@link StreamTally}.
 */
final class ChunkRelay {

    private static final byte[] DONE = "[DONE]".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final EventStream writer;
    private final JsonMapper json;
    private final String id;
    private final String model;
    private final String provider;
    private final StreamTally tally;
    private final Function<StreamTally, ObjectNode> pricedUsage;
    private final ChunkStyle style;
    private final List<byte[]> held = new ArrayList<>();
    private ChunkReshape reshape = ChunkReshape.NONE;
    private boolean started;
    private boolean finished;
    private boolean usageSent;
    private long created;

    /** {@code pricedUsage} turns what the stream produced into the {@code usage} object of the final chunk. */
    ChunkRelay(EventStream writer, JsonMapper json, String id, String model, String provider, StreamTally tally,
               Function<StreamTally, ObjectNode> pricedUsage, ChunkStyle style) {
        this.style = style;
        this.writer = writer;
        this.json = json;
        this.id = id;
        this.model = model;
        this.provider = provider;
        this.tally = tally;
        this.pricedUsage = pricedUsage;
        this.created = System.currentTimeMillis() / 1000;
    }

    /** Has {@code reshape} rewrite each upstream chunk before anything else reads it. */
    ChunkRelay reshaping(ChunkReshape reshape) {
        this.reshape = reshape;
        return this;
    }

    RelayOutcome run(SseEvents events) {
        try {
            String data;
            while ((data = events.next()) != null) {
                if (data.equals("[DONE]")) {
                    // an end before any content or finish is a failure told some other way (an SSE field the
                    // format lacks, as some servers send errors): another endpoint may answer
                    return started || finished ? complete()
                            : fail(502, provider + " ended the stream without any answer");
                }
                ObjectNode chunk = parse(data);
                if (chunk == null) {
                    return fail(502, provider + " sent an event that is not a JSON object");
                }
                if (chunk.hasNonNull("error")) {
                    JsonNode error = chunk.get("error");
                    int code = error.path("code").canConvertToInt() ? error.path("code").asInt() : 502;
                    String reason = error.path("message").asString(error.toString());
                    return fail(code, provider + " reported an error: " + reason, chunk);
                }
                forward(chunk);
            }
            return finished ? complete() : fail(502, provider + " closed the stream before it finished");
        } catch (IOException e) {
            if (writer.gone()) {
                return RelayOutcome.CLIENT_GONE;
            }
            return fail(502, provider + " stream broke: " + e.getMessage());
        }
    }

    private void forward(ObjectNode chunk) throws IOException {
        reshape.chunk(chunk);
        if (chunk.hasNonNull("id") && tally.upstreamId() == null) {
            tally.upstreamId(chunk.get("id").asString());
        }
        created = chunk.path("created").asLong(created);
        chunk.put("id", id);
        chunk.put("model", model);
        chunk.put("provider", provider);
        if (!chunk.has("system_fingerprint")) {
            chunk.putNull("system_fingerprint");
        }
        JsonNode choices = chunk.path("choices");
        if (choices.isEmpty() && chunk.hasNonNull("usage")) {
            relayRest(); // the answer is over: what was held back goes before the usage
        }
        tally.count(choices);
        if (chunk.hasNonNull("usage")) {
            tally.usage(chunk.get("usage"));
            usageSent = choices.isEmpty();
            if (usageSent) {
                chunk.set("usage", pricedUsage.apply(tally));
            }
        } else {
            for (JsonNode choice : choices) {
                if (choice.path("usage").isObject()) {
                    tally.usage(choice.get("usage")); // Moonshot's, on the finish chunk's choice
                }
            }
        }
        for (JsonNode choice : choices) {
            finished |= choice.hasNonNull("finish_reason");
        }
        if (style.excludeReasoning() && ReasoningFields.remove(choices, "delta") && !usageSent && !hasContent(choices)
                && !hasRole(choices)) {
            return;
        }
        byte[] bytes = json.writeValueAsBytes(chunk);
        if (!started && !hasContent(choices) && !usageSent) {
            held.add(bytes);
            return;
        }
        flushHeld();
        writer.data(bytes);
    }

    private static boolean hasRole(JsonNode choices) {
        for (JsonNode choice : choices) {
            if (choice.path("delta").has("role")) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasContent(JsonNode choices) {
        for (JsonNode choice : choices) {
            if (choice.hasNonNull("finish_reason") || !choice.path("text").asString("").isEmpty()) {
                return true;
            }
            for (var field : choice.path("delta").properties()) {
                JsonNode v = field.getValue();
                if (!field.getKey().equals("role") && !v.isNull() && !(v.isString() && v.asString().isEmpty())
                        && !(v.isContainer() && v.isEmpty())) {
                    return true;
                }
            }
        }
        return false;
    }

    private void flushHeld() throws IOException {
        started = true;
        tally.started();
        for (byte[] chunk : held) {
            writer.data(chunk);
        }
        held.clear();
    }

    /**
     * Relays, in a chunk of its own, what the reshaping still holds back once the answer is over (a provider that
     * ended without a finish reason); under {@code reasoning.exclude} without its reasoning.
     */
    private void relayRest() throws IOException {
        List<ObjectNode> rest = new ArrayList<>(reshape.end());
        if (style.excludeReasoning()) {
            ReasoningFields.remove(JsonNodeFactory.instance.arrayNode().addAll(rest), "delta");
            rest.removeIf(choice -> choice.path("delta").isEmpty());
        }
        if (rest.isEmpty()) {
            return;
        }
        ObjectNode last = base();
        last.putArray("choices").addAll(rest);
        tally.count(last.get("choices"));
        flushHeld();
        writer.data(json.writeValueAsBytes(last));
    }

    private RelayOutcome complete() throws IOException {
        flushHeld();
        relayRest();
        if (!usageSent) {
            ObjectNode last = base();
            last.putArray("choices");
            if (tally.usage() == null) {
                writer.comment("usage estimated: " + provider + " reported no token counts for this stream");
            }
            last.set("usage", pricedUsage.apply(tally));
            writer.data(json.writeValueAsBytes(last));
        }
        writer.data(DONE);
        return RelayOutcome.DELIVERED;
    }

    private RelayOutcome fail(int code, String message) {
        return fail(code, message, null);
    }

    /** Fails the relay with {@code code}; {@code event} is the upstream's error event, if it sent one. */
    private RelayOutcome fail(int code, String message, ObjectNode event) {
        if (!started) {
            return RelayOutcome.failedBeforeContent(code, message, event);
        }
        tally.failed(true);
        try {
            error(code, message);
        } catch (IOException e) {
            return RelayOutcome.CLIENT_GONE;
        }
        return RelayOutcome.DELIVERED;
    }

    void error(int code, String message) throws IOException {
        ObjectNode chunk = base();
        ObjectNode error = chunk.putObject("error");
        error.put("code", code);
        error.put("message", message);
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        if (style.text()) {
            choice.put("text", "");
        } else {
            choice.putObject("delta").put("content", "");
        }
        choice.put("finish_reason", "error");
        writer.data(json.writeValueAsBytes(chunk));
    }

    private ObjectNode base() {
        ObjectNode chunk = json.createObjectNode();
        chunk.put("id", id);
        chunk.put("object", style.object());
        chunk.put("created", created);
        chunk.put("model", model);
        if (provider != null) {
            chunk.put("provider", provider);
        }
        chunk.putNull("system_fingerprint");
        return chunk;
    }

    private ObjectNode parse(String data) {
        try {
            JsonNode node = json.readTree(data);
            return node instanceof ObjectNode object ? object : null;
        } catch (JacksonException e) {
            return null;
        }
    }
}
