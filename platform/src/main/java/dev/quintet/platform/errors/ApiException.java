package dev.quintet.platform.errors;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Thrown by controllers to answer with an error in the service's shape. It describes an expected failure (bad
 * input, an upstream that is down), so it is rendered without a stack trace in the log; extra response headers
 * such as {@code Retry-After} travel with it.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final String param;
    private final Map<String, String> headers = new LinkedHashMap<>();

    public ApiException(int status, String code, String detail, String param) {
        super(detail);
        this.status = status;
        this.code = code;
        this.param = param;
    }

    public ApiException(int status, String code, String detail) {
        this(status, code, detail, null);
    }

    /** A 400 naming the parameter and the rule it broke. */
    public static ApiException invalidParameter(String param, String rule) {
        return new ApiException(400, "invalid_parameter", rule, param);
    }

    public static ApiException notFound(String detail) {
        return new ApiException(404, "not_found", detail);
    }

    /** Adds a response header to send with this error. */
    public ApiException withHeader(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public Map<String, String> headers() {
        return Map.copyOf(headers);
    }

    public ApiError toError() {
        return new ApiError(status, code, getMessage(), param, null);
    }
}
