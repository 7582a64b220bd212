package dev.quintet.events.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.events.EventsProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
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
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Checks access tokens: an ES256 JWT (or RS256, as the console signed before) signed by a key in the issuer's JWKS
 * (fetched and cached, fetched again for an unknown key id), naming the issuer, with {@code events} among its
 * audiences, not expired by the injected clock.
 * <p>
 * An ES256 verification costs about 0.4 ms of CPU, and a client calls many times with one token, so the callers
 * of the last {@value #CACHED} verified tokens are kept with their validity; a token found there is checked again
 * only against the clock.
 */
public final class AccessTokens {

    static final int CACHED = 10_000;

    private final JwtDecoder decoder;
    private final Clock clock;
    private final Cache<String, Verified> verified = Caffeine.newBuilder().maximumSize(CACHED).build();

    public AccessTokens(EventsProperties properties, Clock clock) {
        this(decoder(properties, clock), clock);
    }

    AccessTokens(JwtDecoder decoder, Clock clock) {
        this.decoder = decoder;
        this.clock = clock;
    }

    static JwtDecoder decoder(EventsProperties properties, Clock clock) {
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSetUri(properties.jwksUri())
                .jwsAlgorithm(SignatureAlgorithm.ES256).jwsAlgorithm(SignatureAlgorithm.RS256).build();
        JwtTimestampValidator time = new JwtTimestampValidator(Duration.ZERO);
        time.setClock(clock);
        decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(time,
                new JwtIssuerValidator(properties.issuerUri()), audience(properties.audience()), jwt -> subject(jwt)));
        return decoder;
    }

    /** The caller the token speaks for, or {@link InvalidToken} saying what is wrong with it. */
    Caller verify(String token) {
        Verified known = verified.getIfPresent(token);
        if (known != null) {
            if (known.validAt(clock.instant())) {
                return known.caller();
            }
            verified.invalidate(token);
        }
        Jwt jwt = decode(token);
        Caller caller = new Caller(UUID.fromString(jwt.getSubject()), jwt.getClaimAsString("client_id"), scopes(jwt));
        if (jwt.getExpiresAt() != null) {
            verified.put(token, new Verified(caller, jwt.getNotBefore(), jwt.getExpiresAt()));
        }
        return caller;
    }

    private Jwt decode(String token) {
        try {
            return decoder.decode(token);
        } catch (JwtValidationException e) {
            throw new InvalidToken(e.getErrors().stream().map(OAuth2Error::getDescription).findFirst()
                    .orElse("the access token is not valid"));
        } catch (BadJwtException e) {
            throw new InvalidToken("the access token is malformed or its signature does not verify");
        } catch (JwtException e) {
            throw new InvalidToken("the access token could not be checked: " + e.getMessage());
        }
    }

    private static Set<String> scopes(Jwt jwt) {
        Object scope = jwt.getClaims().get("scope");
        if (scope instanceof String s) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(s.split(" "))));
        }
        if (scope instanceof List<?> list) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(list.stream().map(String::valueOf).toList()));
        }
        return Set.of();
    }

    /** A verified token's caller and the times it is valid between, as the timestamp validator judges them. */
    private record Verified(Caller caller, Instant notBefore, Instant expiresAt) {

        boolean validAt(Instant now) {
            return (notBefore == null || !now.isBefore(notBefore)) && !now.isAfter(expiresAt);
        }
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
