package dev.quintet.events.web;

import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ErrorShape;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Locale;
import org.springframework.http.MediaType;

/**
 * Errors as Eventbrite's v3 API writes them, which is also the OAuth 2 error shape:
 * {@code {"error":"NOT_FOUND","error_description":"...","status_code":404}}.
 */
public final class EventbriteErrorShape implements ErrorShape {

    @Override
    public MediaType contentType() {
        return MediaType.APPLICATION_JSON;
    }

    @Override
    public Object body(ApiError error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error.code().toUpperCase(Locale.ROOT));
        body.put("error_description", error.detail());
        body.put("status_code", error.status());
        if (error.param() != null) {
            body.put("param", error.param());
        }
        body.put("request_id", error.requestId());
        return body;
    }
}
