package dev.quintet.platform.errors;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/** RFC 9457 problem details with our {@code code}, {@code request_id} and, when known, {@code param}. */
public final class ProblemDetailsShape implements ErrorShape {

    @Override
    public MediaType contentType() {
        return MediaType.APPLICATION_PROBLEM_JSON;
    }

    @Override
    public Object body(ApiError error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "urn:quintet:problem:" + error.code());
        body.put("title", title(error.status()));
        body.put("status", error.status());
        body.put("detail", error.detail());
        body.put("code", error.code());
        if (error.param() != null) {
            body.put("param", error.param());
        }
        body.put("request_id", error.requestId());
        return body;
    }

    static String title(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        return known == null ? "Error" : known.getReasonPhrase();
    }
}
