package dev.quintet.router.generations;

/**
 * One endpoint tried for a generation.
 *
 * @param status the provider's HTTP status; 0 when it was not reached, 402 or 429 when the router did not call it
 *     because the request was not paid for
 * @param error why the endpoint gave no answer, null when it answered: {@link #TIMEOUT}, {@link #UNREACHABLE},
 *     {@link #ERROR_STATUS}, {@link #INVALID_ANSWER}, {@link #STREAM_ERROR}, or, for an endpoint not called, the code
 *     of the refusal ({@code insufficient_credits}, {@code free_tier_rate_limited})
 */
public record Attempt(String provider, String model, int status, String error, long latencyMs) {

    /** No answer within the upstream timeout. */
    public static final String TIMEOUT = "timeout";
    /** The provider could not be reached. */
    public static final String UNREACHABLE = "unreachable";
    /** The provider answered with an HTTP status other than 2xx. */
    public static final String ERROR_STATUS = "error_status";
    /** The provider answered 200 with something that is not an answer. */
    public static final String INVALID_ANSWER = "invalid_answer";
    /** The provider's stream reported an error or broke off before any content. */
    public static final String STREAM_ERROR = "stream_error";
}
