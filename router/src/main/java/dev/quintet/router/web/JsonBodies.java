package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads request bodies as JSON; one that is not answers 400 {@code malformed_body}. */
final class JsonBodies {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private JsonBodies() {
    }

    static JsonNode read(HttpServletRequest request) throws IOException {
        try {
            return JSON.readTree(request.getInputStream());
        } catch (JacksonException e) {
            throw new ApiException(400, "malformed_body", "the request body is not valid JSON: "
                    + e.getOriginalMessage());
        }
    }
}
