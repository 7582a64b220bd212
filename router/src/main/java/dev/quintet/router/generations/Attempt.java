package dev.quintet.router.generations;

/**
 * One endpoint tried for a generation.
 *
 * @param status the provider's HTTP status; 0 when it was not reached, 402 or 429 when the router did not call it
 *     because the request was not paid for
 */
public record Attempt(String provider, String model, int status, long latencyMs) {
}
