package dev.quintet.router.providers;

import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;
import tools.jackson.databind.JsonNode;

/**
 * A media part of a request (image, audio, video or file) that a provider's format has no place for: sent there, it
 * would be left out and the model would answer without having seen it. The router passes over such endpoints
 * instead, and tells the caller when no endpoint is left.
 *
 * @param kind what the part holds, as OpenRouter words it ({@code image}, {@code audio}, {@code video}, {@code file})
 * @param param where it is, e.g. {@code messages[1].content[0]}
 * @param takes what the provider's format takes instead, for the error message
 */
public record LostPart(String kind, String param, String takes) {

    /** The content part types that carry media, by the kind each holds. */
    private static final Map<String, String> MEDIA = Map.of("image_url", "image", "input_audio", "audio",
            "video_url", "video", "file", "file");

    /**
     * The first media part of {@code messages} that {@code kept} (given the message's role and the part) says a
     * translation keeps not, or empty when it keeps them all; text and other parts are not asked about.
     */
    public static Optional<LostPart> find(JsonNode messages, BiPredicate<String, JsonNode> kept, String takes) {
        int i = 0;
        for (JsonNode message : messages) {
            JsonNode content = message.path("content");
            String role = message.path("role").asString("");
            for (int j = 0; j < content.size(); j++) {
                String kind = MEDIA.get(content.get(j).path("type").asString(""));
                if (kind != null && !kept.test(role, content.get(j))) {
                    return Optional.of(new LostPart(kind, "messages[" + i + "].content[" + j + "]", takes));
                }
            }
            i++;
        }
        return Optional.empty();
    }
}
