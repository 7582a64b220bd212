package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads request bodies as JSON; one that is not answers 400 {@code malformed_body}. */
final class JsonBodies {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private JsonBodies() {
    }

    /** The body; numbers with a fraction or exponent read as doubles, as they are passed on to providers. */
    static JsonNode read(HttpServletRequest request) throws IOException {
        return read(request, JSON);
    }

    /** The body; numbers with a fraction or exponent read exactly, as decimals (amounts of money). */
    static JsonNode readExact(HttpServletRequest request) throws IOException {
        return read(request, EXACT);
    }

    private static JsonNode read(HttpServletRequest request, JsonMapper mapper) throws IOException {
        try {
            return mapper.readTree(request.getInputStream());
        } catch (JacksonException e) {
            throw new ApiException(400, "malformed_body", "the request body is not valid JSON: "
                    + e.getOriginalMessage());
        }
    }
}
