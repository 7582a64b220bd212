package dev.quintet.console.oauth.grants;

import java.time.Instant;
import java.util.List;

/** One grant as the connected-apps page lists it. */
public record Grant(String clientId, String clientName, List<String> scopes, Instant grantedAt) {
}
