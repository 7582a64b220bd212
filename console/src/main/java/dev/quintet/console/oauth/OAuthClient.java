package dev.quintet.console.oauth;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A registered OAuth 2 client; confidential clients also hold a secret (stored as a hash). */
public record OAuthClient(String clientId, UUID accountId, String name, List<String> redirectUris,
                          boolean publicClient, Instant createdAt) {
}
