package dev.quintet.router.providers.gemini;

import dev.quintet.platform.web.RetryAfter;
import dev.quintet.router.providers.UpstreamResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Gemini's error answers as the router reads errors. Gemini answers a rejected key or an unusable project with 400;
 * those become 401 and 403, so they fall back instead of being blamed on the caller. Gemini tells the wait after a
 * 429 in the body, not in a {@code Retry-After} header: an {@code error.details} entry of type
 * {@code google.rpc.RetryInfo} whose {@code retryDelay} is a duration such as {@code "22s"} or {@code "1.5s"}; an
 * answer without the header gets that wait as its {@code retryAfter}, for cool-downs and the caller's own
 * {@code Retry-After}.
 */
final class GeminiErrors {

    private static final int ERROR_BODY_LIMIT = 16_384;
    private static final String RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private GeminiErrors() {
    }

    /** {@code response} as it is when it succeeded, else with its body read and its status and wait set as above. */
    static UpstreamResponse of(UpstreamResponse response) throws IOException {
        if (response.ok() || response.status() != 400 && response.retryAfter().isPresent()) {
            return response;
        }
        byte[] body;
        try (response) {
            body = response.readBody(ERROR_BODY_LIMIT);
        }
        String text = new String(body, StandardCharsets.UTF_8);
        int status = response.status() != 400 ? response.status()
                : text.contains("API_KEY_INVALID") ? 401 : text.contains("FAILED_PRECONDITION") ? 403 : 400;
        return new UpstreamResponse(status, response.retryAfter().or(() -> retryDelay(body)),
                new ByteArrayInputStream(body));
    }

    /** The {@code retryDelay} of the body's RetryInfo, empty when there is none or it cannot be read. */
    static Optional<Duration> retryDelay(byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (JacksonException e) {
            return Optional.empty();
        }
        JsonNode error = (root.isArray() ? root.path(0) : root).path("error");
        for (JsonNode detail : error.path("details")) {
            if (detail.path("@type").asString("").equals(RETRY_INFO)) {
                return duration(detail.path("retryDelay").asString(""));
            }
        }
        return Optional.empty();
    }

    /** A protobuf duration in JSON ({@code "22s"}, {@code "1.5s"}), at most {@link RetryAfter#LONGEST}. */
    private static Optional<Duration> duration(String text) {
        if (!text.endsWith("s")) {
            return Optional.empty();
        }
        try {
            BigDecimal seconds = new BigDecimal(text.substring(0, text.length() - 1));
            if (seconds.signum() < 0) {
                return Optional.empty();
            }
            if (seconds.compareTo(BigDecimal.valueOf(RetryAfter.LONGEST.toSeconds())) > 0) {
                return Optional.of(RetryAfter.LONGEST);
            }
            return Optional.of(Duration.ofNanos(seconds.movePointRight(9).longValue()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
