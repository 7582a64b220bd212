package dev.quintet.router.stream;

import dev.quintet.router.billing.CountableText;
import dev.quintet.router.providers.translation.OpenAiAnswers;
import tools.jackson.databind.JsonNode;

/**
 * What one relayed upstream stream produced: the usage it reported, the text it generated (to count tokens when it
 * reports none), its finish reasons (OpenAI's and the provider's own) and id, and when its first content reached
 * the caller.
 */
public final class StreamTally {

    private JsonNode usage;
    private final CountableText completion = new CountableText();
    private String finishReason;
    private String nativeFinishReason;
    private String upstreamId;
    private long firstContentNanos;
    private boolean failed;

    /** The upstream's {@code usage} object, null until it sends one. */
    public JsonNode usage() {
        return usage;
    }

    /** The generated text: content, reasoning, refusals and tool-call names and arguments. */
    public CountableText completion() {
        return completion;
    }

    public String finishReason() {
        return finishReason;
    }

    /** The provider's own last finish reason, null when it gave none (a stream that broke off). */
    public String nativeFinishReason() {
        return nativeFinishReason;
    }

    public String upstreamId() {
        return upstreamId;
    }

    /** {@link System#nanoTime()} when the first content was sent to the caller, 0 if none was. */
    public long firstContentNanos() {
        return firstContentNanos;
    }

    /** Whether the stream ended with an in-band error after content had started. */
    public boolean failed() {
        return failed;
    }

    void usage(JsonNode reported) {
        usage = reported;
    }

    void upstreamId(String id) {
        upstreamId = id;
    }

    void started() {
        if (firstContentNanos == 0) {
            firstContentNanos = System.nanoTime();
        }
    }

    void failed(boolean value) {
        failed = value;
        if (value) {
            finishReason = "error";
        }
    }

    void count(JsonNode choices) {
        for (JsonNode choice : choices) {
            if (choice.hasNonNull("finish_reason")) {
                finishReason = choice.get("finish_reason").asString();
                nativeFinishReason = OpenAiAnswers.nativeFinishReason(choice);
            }
            add(choice.get("text"));
            JsonNode delta = choice.path("delta");
            add(delta.get("content"));
            add(delta.get("reasoning"));
            add(delta.get("reasoning_content"));
            add(delta.get("refusal"));
            for (JsonNode call : delta.path("tool_calls")) {
                add(call.path("function").get("name"));
                add(call.path("function").get("arguments"));
            }
        }
    }

    private void add(JsonNode text) {
        if (text != null && text.isString()) {
            completion.append(text.asString());
        }
    }
}
