package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.translation.ReasoningDetails;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code thoughtSignature}s an assistant message carries back to Gemini, from its {@code reasoning.encrypted}
 * details: one with an {@code id} goes on the {@code functionCall} part of that tool call; the first one without goes
 * on the first {@code functionCall} part, where Gemini wants the signature of a step, or on the first part when the
 * message calls no function.
 */
final class ThoughtSignatures {

    /**
     * The signature Google's thought-signature documentation gives for function calls Gemini did not make (a
     * history from another model, or calls written by the client): it tells Gemini 3 to skip the check that would
     * otherwise refuse the request with a 400 for a missing signature.
     */
    static final String SKIP_VALIDATOR = "skip_thought_signature_validator";

    private final Map<String, String> byCall = new HashMap<>();
    private String unbound;

    private ThoughtSignatures() {
    }

    static ThoughtSignatures of(JsonNode message) {
        ThoughtSignatures signatures = new ThoughtSignatures();
        for (ObjectNode detail : ReasoningDetails.of(message, ReasoningDetails.GEMINI)) {
            if (detail.path("type").asString("").equals("reasoning.encrypted")) {
                String data = detail.path("data").asString("");
                if (detail.path("id").isString()) {
                    signatures.byCall.put(detail.get("id").asString(), data);
                } else if (signatures.unbound == null) {
                    signatures.unbound = data;
                }
            }
        }
        return signatures;
    }

    /** The signature of the tool call {@code id}, null when it has none. */
    String forCall(String id) {
        return byCall.get(id);
    }

    /** Puts the signature without a call id on its part of {@code parts}, unless that part is signed already. */
    void placeUnbound(List<ObjectNode> parts) {
        if (unbound == null || parts.isEmpty()) {
            return;
        }
        ObjectNode target = parts.stream().filter(p -> p.has("functionCall")).findFirst().orElse(parts.getFirst());
        if (!target.has("thoughtSignature")) {
            target.put("thoughtSignature", unbound);
        }
    }

    /**
     * Signs the first {@code functionCall} part of a model turn with {@link #SKIP_VALIDATOR} when it has no
     * signature: Gemini 3 requires one there on every step of the current turn, and a history without (the client
     * dropped {@code reasoning_details}, or another model made the calls before a fallback) would be refused.
     */
    static void signFirstCall(JsonNode parts) {
        for (JsonNode part : parts) {
            if (part.has("functionCall")) {
                if (!part.has("thoughtSignature")) {
                    ((ObjectNode) part).put("thoughtSignature", SKIP_VALIDATOR);
                }
                return;
            }
        }
    }
}
