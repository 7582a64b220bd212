package dev.quintet.platform.errors;

/**
 * One failure as the platform describes it before a service's {@link ErrorShape} renders it.
 *
 * @param status HTTP status
 * @param code stable machine-readable code, e.g. {@code invalid_parameter}
 * @param detail a sentence for people, naming the parameter and the broken rule where there is one
 * @param param the offending parameter, if any
 * @param requestId the request's id, also in the {@code X-Request-Id} header
 */
public record ApiError(int status, String code, String detail, String param, String requestId) {

    public ApiError withRequestId(String id) {
        return new ApiError(status, code, detail, param, id);
    }
}
