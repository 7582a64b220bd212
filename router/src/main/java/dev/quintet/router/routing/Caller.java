package dev.quintet.router.routing;

import java.util.UUID;

/** Who sent a chat request: the account and key, and the request's {@code X-Request-Id}. */
public record Caller(UUID accountId, UUID keyId, String requestId) {
}
