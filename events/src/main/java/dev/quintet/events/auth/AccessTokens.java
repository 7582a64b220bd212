package dev.quintet.events.auth;

import dev.quintet.events.EventsProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Checks access tokens: an RS256 JWT signed by a key in the issuer's JWKS (fetched and cached, fetched again for
 * an unknown key id), naming the issuer, with {@code events} among its audiences, not expired by the injected clock.
 */
public final class AccessTokens {

    private final NimbusJwtDecoder decoder;

    public AccessTokens(EventsProperties properties, Clock clock) {
        decoder = NimbusJwtDecoder.withJwkSetUri(properties.jwksUri()).jwsAlgorithm(SignatureAlgorithm.RS256).build();
        JwtTimestampValidator time = new JwtTimestampValidator(Duration.ZERO);
        time.setClock(clock);
        decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(time,
                new JwtIssuerValidator(properties.issuerUri()), audience(properties.audience()), jwt -> subject(jwt)));
    }

    /** The caller the token speaks for, or {@link InvalidToken} saying what is wrong with it. */
    Caller verify(String token) {
        Jwt jwt;
        try {
            jwt = decoder.decode(token);
        } catch (JwtValidationException e) {
            throw new InvalidToken(e.getErrors().stream().map(OAuth2Error::getDescription).findFirst()
                    .orElse("the access token is not valid"));
        } catch (BadJwtException e) {
            throw new InvalidToken("the access token is malformed or its signature does not verify");
        } catch (JwtException e) {
            throw new InvalidToken("the access token could not be checked: " + e.getMessage());
        }
        return new Caller(UUID.fromString(jwt.getSubject()), jwt.getClaimAsString("client_id"), scopes(jwt));
    }

    private static Set<String> scopes(Jwt jwt) {
        Object scope = jwt.getClaims().get("scope");
        if (scope instanceof String s) {
            return new LinkedHashSet<>(Arrays.asList(s.split(" ")));
        }
        if (scope instanceof List<?> list) {
            return new LinkedHashSet<>(list.stream().map(String::valueOf).toList());
        }
        return Set.of();
    }

    private static org.springframework.security.oauth2.core.OAuth2TokenValidator<Jwt> audience(String audience) {
        return jwt -> jwt.getAudience() != null && jwt.getAudience().contains(audience)
                ? OAuth2TokenValidatorResult.success()
                : OAuth2TokenValidatorResult.failure(new OAuth2Error("invalid_token",
                        "the access token is not meant for this API (aud must contain " + audience + ")", null));
    }

    private static OAuth2TokenValidatorResult subject(Jwt jwt) {
        try {
            UUID.fromString(String.valueOf(jwt.getSubject()));
            return OAuth2TokenValidatorResult.success();
        } catch (IllegalArgumentException e) {
            return OAuth2TokenValidatorResult.failure(new OAuth2Error("invalid_token",
                    "the access token's sub is not an account id", null));
        }
    }

    /** A token that is missing, malformed, expired, or not ours; the message says which. */
    static final class InvalidToken extends RuntimeException {

        InvalidToken(String message) {
            super(message);
        }
    }
}
