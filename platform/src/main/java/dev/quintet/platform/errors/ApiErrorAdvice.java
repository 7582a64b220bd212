package dev.quintet.platform.errors;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

/** Renders every exception that reaches Spring MVC in the service's error shape. */
@RestControllerAdvice
public final class ApiErrorAdvice {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorAdvice.class);

    private final ErrorWriter writer;

    public ApiErrorAdvice(ErrorWriter writer) {
        this.writer = writer;
    }

    @ExceptionHandler(Exception.class)
    public void handle(Exception e, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (e instanceof AsyncRequestNotUsableException) {
            return;
        }
        ApiError error = ApiErrors.from(e, request.getMethod(), request.getRequestURI());
        if (e instanceof ApiException expected) {
            expected.headers().forEach(response::setHeader);
            if (error.status() >= 500) {
                log.warn("Request {} {} answered {}: {}", request.getMethod(), request.getRequestURI(),
                        error.status(), error.detail());
            }
        } else if (error.status() >= 500) {
            log.error("Request {} {} failed", request.getMethod(), request.getRequestURI(), e);
        }
        if (e instanceof HttpRequestMethodNotSupportedException x && x.getSupportedMethods() != null) {
            response.setHeader("Allow", String.join(", ", x.getSupportedMethods()));
        }
        writer.write(request, response, error);
    }
}
