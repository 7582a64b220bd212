package dev.quintet.platform.accounts;

import java.time.Instant;
import java.util.UUID;

/** One customer account. */
public record Account(UUID id, String email, String passwordHash, String plan, String status, Instant createdAt) {

    public boolean active() {
        return "active".equals(status);
    }
}
