package dev.quintet.console.oauth.server;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;

/** Makes authorization codes: 256 random bits, timed by the injected clock, living as long as the client's settings say. */
final class AuthorizationCodes implements OAuth2TokenGenerator<OAuth2AuthorizationCode> {

    private final Clock clock;
    private final SecureRandom random;

    AuthorizationCodes(Clock clock, SecureRandom random) {
        this.clock = clock;
        this.random = random;
    }

    @Override
    public OAuth2AuthorizationCode generate(OAuth2TokenContext context) {
        if (context.getTokenType() == null || !"code".equals(context.getTokenType().getValue())) {
            return null;
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        Instant issuedAt = clock.instant();
        Instant expiresAt = issuedAt.plus(context.getRegisteredClient().getTokenSettings().getAuthorizationCodeTimeToLive());
        return new OAuth2AuthorizationCode(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), issuedAt, expiresAt);
    }
}
