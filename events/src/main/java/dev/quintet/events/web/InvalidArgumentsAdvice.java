package dev.quintet.events.web;

import dev.quintet.events.organizing.InvalidArguments;
import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.web.RequestIds;
import dev.quintet.platform.web.ServiceRealm;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Renders {@link InvalidArguments} in Eventbrite's error shape plus its
 * {@code error_detail: {"ARGUMENTS_ERROR": {"event.start.utc": ["..."]}}}, so clients see every failing field.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
final class InvalidArgumentsAdvice {

    private final ServiceRealm realm;

    InvalidArgumentsAdvice(ServiceRealm realm) {
        this.realm = realm;
    }

    @ExceptionHandler(InvalidArguments.class)
    @SuppressWarnings("unchecked")
    ResponseEntity<Object> handle(InvalidArguments e, HttpServletRequest request) {
        ApiError error = e.toError().withRequestId(RequestIds.of(request));
        Object shaped = realm.errorShape().body(error);
        Map<String, Object> body = shaped instanceof Map<?, ?> map ? new LinkedHashMap<>((Map<String, Object>) map) : new LinkedHashMap<>();
        body.put("error_detail", Map.of("ARGUMENTS_ERROR", e.fields()));
        return ResponseEntity.status(error.status()).contentType(realm.errorShape().contentType()).body(body);
    }
}
