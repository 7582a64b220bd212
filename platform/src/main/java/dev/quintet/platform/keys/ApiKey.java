package dev.quintet.platform.keys;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A stored key as the owner may see it: never the key itself, only its prefix and last four characters.
 *
 * @param console whether the console minted it for itself, to call a service for the person logged in (it manages
 *     the account: services may let it change settings other keys cannot)
 */
public record ApiKey(
        UUID id,
        UUID accountId,
        String prefix,
        String lastFour,
        String label,
        List<String> services,
        Instant createdAt,
        Instant lastUsedAt,
        Instant revokedAt,
        Instant expiresAt,
        boolean console) {

    public boolean revoked() {
        return revokedAt != null;
    }

    public boolean allows(String service) {
        return services.contains(service);
    }

    /** How the key is shown after creation, e.g. {@code qt_AbCd1234…wxyz}. */
    public String masked() {
        return prefix + "…" + lastFour;
    }
}
