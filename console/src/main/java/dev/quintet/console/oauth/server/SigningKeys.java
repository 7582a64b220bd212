package dev.quintet.console.oauth.server;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import java.sql.Timestamp;
import java.text.ParseException;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code console.oauth_signing_keys} table: the RSA key that signs access tokens, made on first start and
 * kept, so tokens and the published JWKS survive restarts and every console node signs with the same key.
 */
final class SigningKeys {

    private static final String ACCESS_TOKENS = "access-token";

    private final JdbcClient jdbc;
    private final Clock clock;

    SigningKeys(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The key set holding the access-token key, read (or made) on first use and then kept in memory. */
    JWKSource<SecurityContext> source() {
        AtomicReference<JWKSet> keys = new AtomicReference<>();
        return (selector, context) -> {
            JWKSet set = keys.updateAndGet(current -> current != null ? current : new JWKSet(accessTokenKey()));
            return selector.select(set);
        };
    }

    RSAKey accessTokenKey() {
        return stored().orElseGet(() -> {
            RSAKey key = generate();
            jdbc.sql("""
                    INSERT INTO console.oauth_signing_keys (purpose, key_id, jwk, created_at)
                    VALUES (:purpose, :kid, :jwk, :now)
                    ON CONFLICT (purpose) DO NOTHING""")
                    .param("purpose", ACCESS_TOKENS).param("kid", key.getKeyID())
                    .param("jwk", key.toJSONString()).param("now", Timestamp.from(clock.instant()))
                    .update();
            return stored().orElseThrow();
        });
    }

    private Optional<RSAKey> stored() {
        return jdbc.sql("SELECT jwk FROM console.oauth_signing_keys WHERE purpose = :purpose")
                .param("purpose", ACCESS_TOKENS).query(String.class).optional().map(SigningKeys::parse);
    }

    private static RSAKey parse(String json) {
        try {
            return RSAKey.parse(json);
        } catch (ParseException e) {
            throw new IllegalStateException("console.oauth_signing_keys holds a key that is not an RSA JWK", e);
        }
    }

    private static RSAKey generate() {
        try {
            RSAKey key = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256).generate();
            return new RSAKey.Builder(key).keyIDFromThumbprint().build();
        } catch (JOSEException e) {
            throw new IllegalStateException("could not generate the token signing key", e);
        }
    }
}
