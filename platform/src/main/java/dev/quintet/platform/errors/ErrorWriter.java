package dev.quintet.platform.errors;

import dev.quintet.platform.web.RequestIds;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an {@link ApiError} straight to the response in the service's shape, whatever the client's
 * {@code Accept} header says: filters, controllers and the container's error page all end here.
 */
public final class ErrorWriter {

    private final ErrorShape shape;
    private final JsonMapper json;

    public ErrorWriter(ErrorShape shape, JsonMapper json) {
        this.shape = shape;
        this.json = json;
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ApiError error) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        ApiError withId = error.withRequestId(RequestIds.of(request));
        response.resetBuffer();
        response.setStatus(error.status());
        response.setContentType(shape.contentType().toString());
        response.setCharacterEncoding("UTF-8");
        String body = json.writeValueAsString(shape.body(withId));
        try {
            response.getOutputStream().write(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (IllegalStateException writerInUse) {
            response.getWriter().write(body);
        }
    }
}
