package dev.quintet.platform.errors;

import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** Maps any exception the framework or a controller throws to an {@link ApiError}; unknown ones become 500. */
public final class ApiErrors {

    private ApiErrors() {
    }

    public static ApiError from(Throwable thrown, String method, String path) {
        Throwable e = tooLargeCause(thrown);
        return switch (e) {
            case ApiException api -> api.toError();
            case BodyTooLarge tooLarge -> new ApiError(413, "body_too_large", tooLarge.getMessage(), null, null);
            case NoHandlerFoundException x -> notFound(method, path);
            case NoResourceFoundException x -> notFound(method, path);
            case HttpRequestMethodNotSupportedException x -> new ApiError(405, "method_not_allowed",
                    method + " is not allowed on " + path + "; allowed: " + String.join(", ", allowed(x)), null, null);
            case HttpMediaTypeNotAcceptableException x -> new ApiError(406, "not_acceptable",
                    "this route answers application/json; the Accept header allows none of it", null, null);
            case HttpMediaTypeNotSupportedException x -> new ApiError(415, "unsupported_media_type",
                    "Content-Type must be one of " + x.getSupportedMediaTypes() + ", got " + x.getContentType(), null, null);
            case HttpMessageNotReadableException x -> new ApiError(400, "malformed_body",
                    "request body is not valid JSON for this route" + reason(x), null, null);
            case MethodArgumentTypeMismatchException x -> new ApiError(400, "invalid_parameter",
                    x.getName() + " must be " + typeName(x.getRequiredType()) + ", got '" + x.getValue() + "'",
                    x.getName(), null);
            case MissingServletRequestParameterException x -> new ApiError(400, "missing_parameter",
                    x.getParameterName() + " is required", x.getParameterName(), null);
            case MissingRequestHeaderException x -> new ApiError(400, "missing_header",
                    "header " + x.getHeaderName() + " is required", null, null);
            case MaxUploadSizeExceededException x -> new ApiError(413, "body_too_large",
                    "request body is larger than this route accepts", null, null);
            case ErrorResponse x -> new ApiError(x.getStatusCode().value(), "http_" + x.getStatusCode().value(),
                    x.getBody().getDetail() == null ? ProblemDetailsShape.title(x.getStatusCode().value()) : x.getBody().getDetail(),
                    null, null);
            default -> internal();
        };
    }

    private static Throwable tooLargeCause(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof BodyTooLarge) {
                return t;
            }
        }
        return thrown;
    }

    public static ApiError internal() {
        return new ApiError(500, "internal_error",
                "the request failed on our side; it was logged under this request id", null, null);
    }

    public static ApiError notFound(String method, String path) {
        return new ApiError(404, "not_found", "no route for " + method + " " + path, null, null);
    }

    /** A status the servlet container set on its own, e.g. a 400 for a request line it could not parse. */
    public static ApiError ofStatus(int status) {
        return new ApiError(status, "http_" + status, ProblemDetailsShape.title(status), null, null);
    }

    private static java.util.List<String> allowed(HttpRequestMethodNotSupportedException x) {
        String[] methods = x.getSupportedMethods();
        return methods == null ? java.util.List.of() : java.util.List.of(methods);
    }

    private static String reason(HttpMessageNotReadableException x) {
        Throwable cause = x.getMostSpecificCause();
        if (cause == x || cause.getMessage() == null) {
            return "";
        }
        String first = cause.getMessage().lines().findFirst().orElse("");
        return ": " + (first.length() > 200 ? first.substring(0, 200) + "…" : first);
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "of the right type";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.toString(type.getEnumConstants());
        }
        return "a valid " + type.getSimpleName();
    }
}
